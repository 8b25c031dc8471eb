-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN "walletLinkedAt" DATETIME;

-- AlterTable
ALTER TABLE "WalletChallenge" ADD COLUMN "statement" TEXT NOT NULL DEFAULT '';
