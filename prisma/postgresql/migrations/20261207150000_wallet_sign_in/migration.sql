-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "walletLinkedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WalletChallenge" ADD COLUMN     "statement" TEXT NOT NULL DEFAULT '';

