-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Redemption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "phoneMasked" TEXT,
    "emailMasked" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "redeemedAt" DATETIME,
    "redeemedBy" TEXT,
    "redeemedPublicKey" TEXT
);

-- CreateTable
CREATE TABLE "UnitCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "media" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "owner" TEXT,
    "publicKey" TEXT,
    "status" TEXT NOT NULL,
    "redemptionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "UnitCard_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UniversalName" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "owner" TEXT,
    "registeredByShop" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DigitalTwin" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DigitalTwin_nameId_fkey" FOREIGN KEY ("nameId") REFERENCES "UniversalName" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "redemptionId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "providerMessageId" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_shop_idx" ON "ApiKey"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Redemption_shop_codeHash_key" ON "Redemption"("shop", "codeHash");

-- CreateIndex
CREATE INDEX "UnitCard_shop_id_idx" ON "UnitCard"("shop", "id");

-- CreateIndex
CREATE INDEX "UnitCard_shop_owner_id_idx" ON "UnitCard"("shop", "owner", "id");

-- CreateIndex
CREATE INDEX "UnitCard_shop_status_id_idx" ON "UnitCard"("shop", "status", "id");

-- CreateIndex
CREATE INDEX "UnitCard_redemptionId_idx" ON "UnitCard"("redemptionId");

-- CreateIndex
CREATE UNIQUE INDEX "UniversalName_name_key" ON "UniversalName"("name");

-- CreateIndex
CREATE INDEX "UniversalName_owner_idx" ON "UniversalName"("owner");

-- CreateIndex
CREATE INDEX "DigitalTwin_shop_id_idx" ON "DigitalTwin"("shop", "id");

-- CreateIndex
CREATE INDEX "DigitalTwin_nameId_idx" ON "DigitalTwin"("nameId");

-- CreateIndex
CREATE INDEX "Notification_status_nextAttemptAt_idx" ON "Notification"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Notification_shop_createdAt_idx" ON "Notification"("shop", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_redemptionId_idx" ON "Notification"("redemptionId");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_shop_key_key" ON "IdempotencyRecord"("shop", "key");

