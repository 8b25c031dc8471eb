-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN "editionSize" INTEGER;
ALTER TABLE "UnitCard" ADD COLUMN "serialNumber" INTEGER;

-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN "editionSize" INTEGER;
ALTER TABLE "DigitalTwin" ADD COLUMN "serialNumber" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IssuingRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetTitle" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "issueTwin" BOOLEAN NOT NULL,
    "cardTemplate" JSONB,
    "cardPerUnit" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "editionSize" INTEGER,
    "issuedCount" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_IssuingRule" ("cardPerUnit", "cardTemplate", "createdAt", "id", "issueTwin", "shop", "status", "targetId", "targetTitle", "targetType", "trigger", "updatedAt") SELECT "cardPerUnit", "cardTemplate", "createdAt", "id", "issueTwin", "shop", "status", "targetId", "targetTitle", "targetType", "trigger", "updatedAt" FROM "IssuingRule";
DROP TABLE "IssuingRule";
ALTER TABLE "new_IssuingRule" RENAME TO "IssuingRule";
CREATE INDEX "IssuingRule_shop_status_idx" ON "IssuingRule"("shop", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

