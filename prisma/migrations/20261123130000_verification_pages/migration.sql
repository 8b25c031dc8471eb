-- Public verification pages (docs/decisions/0026-verification-page.md).
-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN "verifyPagesIndexed" BOOLEAN NOT NULL DEFAULT false;
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_UnitCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "media" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "owner" TEXT,
    "publicKey" TEXT,
    "status" TEXT NOT NULL,
    "redemptionId" TEXT,
    "verifyToken" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UnitCard_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Existing cards get their token here: 128 bits from SQLite's randomness (seeded by the OS), as hex like the app's.
INSERT INTO "new_UnitCard" ("createdAt", "id", "media", "metadata", "name", "owner", "publicKey", "redemptionId", "shop", "status", "verifyToken") SELECT "createdAt", "id", "media", "metadata", "name", "owner", "publicKey", "redemptionId", "shop", "status", lower(hex(randomblob(16))) FROM "UnitCard";
DROP TABLE "UnitCard";
ALTER TABLE "new_UnitCard" RENAME TO "UnitCard";
CREATE UNIQUE INDEX "UnitCard_verifyToken_key" ON "UnitCard"("verifyToken");
CREATE INDEX "UnitCard_shop_id_idx" ON "UnitCard"("shop", "id");
CREATE INDEX "UnitCard_shop_owner_id_idx" ON "UnitCard"("shop", "owner", "id");
CREATE INDEX "UnitCard_shop_status_id_idx" ON "UnitCard"("shop", "status", "id");
CREATE INDEX "UnitCard_redemptionId_idx" ON "UnitCard"("redemptionId");
CREATE TABLE "new_DigitalTwin" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "nameId" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "creator" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "price" TEXT,
    "currency" TEXT,
    "brand" TEXT NOT NULL,
    "categories" JSONB NOT NULL,
    "links" JSONB NOT NULL,
    "images" JSONB NOT NULL,
    "verifyToken" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DigitalTwin_nameId_fkey" FOREIGN KEY ("nameId") REFERENCES "UniversalName" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_DigitalTwin" ("brand", "categories", "createdAt", "creator", "currency", "description", "id", "images", "links", "nameId", "price", "publicKey", "quantity", "shop", "title", "verifyToken") SELECT "brand", "categories", "createdAt", "creator", "currency", "description", "id", "images", "links", "nameId", "price", "publicKey", "quantity", "shop", "title", lower(hex(randomblob(16))) FROM "DigitalTwin";
DROP TABLE "DigitalTwin";
ALTER TABLE "new_DigitalTwin" RENAME TO "DigitalTwin";
CREATE UNIQUE INDEX "DigitalTwin_verifyToken_key" ON "DigitalTwin"("verifyToken");
CREATE INDEX "DigitalTwin_shop_id_idx" ON "DigitalTwin"("shop", "id");
CREATE INDEX "DigitalTwin_nameId_idx" ON "DigitalTwin"("nameId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

