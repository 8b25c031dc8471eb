-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN "titleKey" TEXT;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN "destinationKey" TEXT;

-- The twins and notifications written before: their keys (SQLite lowercases ASCII only; decision 0078).
UPDATE "DigitalTwin" SET "titleKey" = lower(hex(lower("title")));
UPDATE "Notification" SET "destinationKey" = lower(hex(lower("destination")));

-- CreateIndex
CREATE INDEX "DigitalTwin_shop_titleKey_idx" ON "DigitalTwin"("shop", "titleKey");

-- CreateIndex
CREATE INDEX "DigitalTwin_shop_serialNumber_idx" ON "DigitalTwin"("shop", "serialNumber");

-- CreateIndex
CREATE INDEX "Notification_shop_destinationKey_idx" ON "Notification"("shop", "destinationKey");
