-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "nameKey" TEXT;

-- CreateIndex
CREATE INDEX "UnitCard_shop_nameKey_idx" ON "UnitCard"("shop", "nameKey");

-- CreateIndex
CREATE INDEX "UnitCard_shop_serialNumber_idx" ON "UnitCard"("shop", "serialNumber");

