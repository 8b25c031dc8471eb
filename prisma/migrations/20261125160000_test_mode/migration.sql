-- Test mode (docs/decisions/0036-test-mode.md): a livemode flag on keys and on every object they write.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_ApiKey" ("createdAt", "id", "keyHash", "label", "lastUsedAt", "prefix", "revokedAt", "shop") SELECT "createdAt", "id", "keyHash", "label", "lastUsedAt", "prefix", "revokedAt", "shop" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
CREATE INDEX "ApiKey_shop_idx" ON "ApiKey"("shop");
CREATE TABLE "new_Redemption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "phoneMasked" TEXT,
    "emailMasked" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "redeemedAt" DATETIME,
    "redeemedBy" TEXT,
    "redeemedPublicKey" TEXT,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_Redemption" ("codeHash", "createdAt", "emailMasked", "expiresAt", "id", "phoneMasked", "redeemedAt", "redeemedBy", "redeemedPublicKey", "shop") SELECT "codeHash", "createdAt", "emailMasked", "expiresAt", "id", "phoneMasked", "redeemedAt", "redeemedBy", "redeemedPublicKey", "shop" FROM "Redemption";
DROP TABLE "Redemption";
ALTER TABLE "new_Redemption" RENAME TO "Redemption";
CREATE UNIQUE INDEX "Redemption_shop_codeHash_key" ON "Redemption"("shop", "codeHash");
CREATE TABLE "new_UnitCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "media" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "owner" TEXT,
    "publicKey" TEXT,
    "status" TEXT NOT NULL,
    "voidedAt" DATETIME,
    "voidReason" TEXT,
    "redemptionId" TEXT,
    "verifyToken" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "serialNumber" INTEGER,
    "editionSize" INTEGER,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "UnitCard_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_UnitCard" ("createdAt", "editionSize", "id", "media", "metadata", "name", "owner", "publicKey", "redemptionId", "serialNumber", "shop", "status", "verifyToken", "voidReason", "voidedAt") SELECT "createdAt", "editionSize", "id", "media", "metadata", "name", "owner", "publicKey", "redemptionId", "serialNumber", "shop", "status", "verifyToken", "voidReason", "voidedAt" FROM "UnitCard";
DROP TABLE "UnitCard";
ALTER TABLE "new_UnitCard" RENAME TO "UnitCard";
CREATE UNIQUE INDEX "UnitCard_verifyToken_key" ON "UnitCard"("verifyToken");
CREATE INDEX "UnitCard_shop_id_idx" ON "UnitCard"("shop", "id");
CREATE INDEX "UnitCard_shop_owner_id_idx" ON "UnitCard"("shop", "owner", "id");
CREATE INDEX "UnitCard_shop_status_id_idx" ON "UnitCard"("shop", "status", "id");
CREATE INDEX "UnitCard_redemptionId_idx" ON "UnitCard"("redemptionId");
CREATE TABLE "new_UniversalName" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "owner" TEXT,
    "registeredByShop" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_UniversalName" ("createdAt", "id", "name", "owner", "publicKey", "registeredByShop") SELECT "createdAt", "id", "name", "owner", "publicKey", "registeredByShop" FROM "UniversalName";
DROP TABLE "UniversalName";
ALTER TABLE "new_UniversalName" RENAME TO "UniversalName";
CREATE INDEX "UniversalName_owner_idx" ON "UniversalName"("owner");
CREATE UNIQUE INDEX "UniversalName_name_livemode_key" ON "UniversalName"("name", "livemode");
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
    "serialNumber" INTEGER,
    "editionSize" INTEGER,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "DigitalTwin_nameId_fkey" FOREIGN KEY ("nameId") REFERENCES "UniversalName" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_DigitalTwin" ("brand", "categories", "createdAt", "creator", "currency", "description", "editionSize", "id", "images", "links", "nameId", "price", "publicKey", "quantity", "serialNumber", "shop", "title", "verifyToken") SELECT "brand", "categories", "createdAt", "creator", "currency", "description", "editionSize", "id", "images", "links", "nameId", "price", "publicKey", "quantity", "serialNumber", "shop", "title", "verifyToken" FROM "DigitalTwin";
DROP TABLE "DigitalTwin";
ALTER TABLE "new_DigitalTwin" RENAME TO "DigitalTwin";
CREATE UNIQUE INDEX "DigitalTwin_verifyToken_key" ON "DigitalTwin"("verifyToken");
CREATE INDEX "DigitalTwin_shop_id_idx" ON "DigitalTwin"("shop", "id");
CREATE INDEX "DigitalTwin_nameId_idx" ON "DigitalTwin"("nameId");
CREATE TABLE "new_IdempotencyRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_IdempotencyRecord" ("body", "createdAt", "id", "key", "requestHash", "shop", "status") SELECT "body", "createdAt", "id", "key", "requestHash", "shop", "status" FROM "IdempotencyRecord";
DROP TABLE "IdempotencyRecord";
ALTER TABLE "new_IdempotencyRecord" RENAME TO "IdempotencyRecord";
CREATE UNIQUE INDEX "IdempotencyRecord_shop_livemode_key_key" ON "IdempotencyRecord"("shop", "livemode", "key");
CREATE TABLE "new_ShopSetup" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "storefrontBlockSeenAt" DATETIME,
    "nftApprovedAt" DATETIME,
    "verifyPagesIndexed" BOOLEAN NOT NULL DEFAULT false,
    "claimLinkTarget" TEXT NOT NULL DEFAULT 'THEME',
    "accountPageUrl" TEXT,
    "viewTestData" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_ShopSetup" ("accountPageUrl", "claimLinkTarget", "nftApprovedAt", "shop", "storefrontBlockSeenAt", "verifyPagesIndexed") SELECT "accountPageUrl", "claimLinkTarget", "nftApprovedAt", "shop", "storefrontBlockSeenAt", "verifyPagesIndexed" FROM "ShopSetup";
DROP TABLE "ShopSetup";
ALTER TABLE "new_ShopSetup" RENAME TO "ShopSetup";
CREATE TABLE "new_Event" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_Event" ("createdAt", "data", "id", "shop", "type") SELECT "createdAt", "data", "id", "shop", "type" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE INDEX "Event_shop_type_idx" ON "Event"("shop", "type");
CREATE INDEX "Event_createdAt_idx" ON "Event"("createdAt");
CREATE TABLE "new_WebhookEndpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "eventTypes" JSONB NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ENABLED',
    "failingSince" DATETIME,
    "disabledAt" DATETIME,
    "disabledReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "livemode" BOOLEAN NOT NULL DEFAULT true
);
INSERT INTO "new_WebhookEndpoint" ("createdAt", "description", "disabledAt", "disabledReason", "eventTypes", "failingSince", "id", "secretSealed", "shop", "status", "url") SELECT "createdAt", "description", "disabledAt", "disabledReason", "eventTypes", "failingSince", "id", "secretSealed", "shop", "status", "url" FROM "WebhookEndpoint";
DROP TABLE "WebhookEndpoint";
ALTER TABLE "new_WebhookEndpoint" RENAME TO "WebhookEndpoint";
CREATE INDEX "WebhookEndpoint_shop_status_idx" ON "WebhookEndpoint"("shop", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

