-- AlterTable
ALTER TABLE "Redemption" ADD COLUMN "reminderQueuedAt" DATETIME;

-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN "reminderDays" INTEGER NOT NULL DEFAULT 3;
