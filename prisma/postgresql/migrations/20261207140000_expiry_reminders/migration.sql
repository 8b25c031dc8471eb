-- AlterTable
ALTER TABLE "Redemption" ADD COLUMN     "reminderQueuedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN     "reminderDays" INTEGER NOT NULL DEFAULT 3;

