-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN     "titleKey" TEXT;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "destinationKey" TEXT;

-- CreateIndex
CREATE INDEX "DigitalTwin_shop_titleKey_idx" ON "DigitalTwin"("shop", "titleKey");

-- CreateIndex
CREATE INDEX "DigitalTwin_shop_serialNumber_idx" ON "DigitalTwin"("shop", "serialNumber");

-- CreateIndex
CREATE INDEX "Notification_shop_destinationKey_idx" ON "Notification"("shop", "destinationKey");

