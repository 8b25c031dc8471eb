-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "editionSize" INTEGER,
ADD COLUMN     "serialNumber" INTEGER;

-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN     "editionSize" INTEGER,
ADD COLUMN     "serialNumber" INTEGER;

-- AlterTable
ALTER TABLE "IssuingRule" ADD COLUMN     "editionSize" INTEGER,
ADD COLUMN     "issuedCount" INTEGER NOT NULL DEFAULT 0;

