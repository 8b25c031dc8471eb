-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN "nameKey" TEXT;

-- The cards written before: their names' keys (SQLite lowercases ASCII only; decision 0078).
UPDATE "UnitCard" SET "nameKey" = lower(hex(lower("name")));

-- CreateIndex
CREATE INDEX "UnitCard_shop_nameKey_idx" ON "UnitCard"("shop", "nameKey");

-- CreateIndex
CREATE INDEX "UnitCard_shop_serialNumber_idx" ON "UnitCard"("shop", "serialNumber");
