-- Public verification pages (docs/decisions/0026-verification-page.md).
-- Existing rows get their token before the column becomes NOT NULL: 128 bits as 32
-- hex characters, like the app's, hashed from two gen_random_uuid() values
-- (PostgreSQL 13+, pg_strong_random: 244 random bits in).
-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "verifyToken" TEXT;
UPDATE "UnitCard" SET "verifyToken" = md5(gen_random_uuid()::text || gen_random_uuid()::text);
ALTER TABLE "UnitCard" ALTER COLUMN "verifyToken" SET NOT NULL;

-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN     "verifyToken" TEXT;
UPDATE "DigitalTwin" SET "verifyToken" = md5(gen_random_uuid()::text || gen_random_uuid()::text);
ALTER TABLE "DigitalTwin" ALTER COLUMN "verifyToken" SET NOT NULL;

-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN     "verifyPagesIndexed" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "UnitCard_verifyToken_key" ON "UnitCard"("verifyToken");

-- CreateIndex
CREATE UNIQUE INDEX "DigitalTwin_verifyToken_key" ON "DigitalTwin"("verifyToken");
