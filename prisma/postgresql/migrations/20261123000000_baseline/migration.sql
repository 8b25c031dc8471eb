-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
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
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Redemption" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "phoneMasked" TEXT,
    "emailMasked" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "redeemedAt" TIMESTAMP(3),
    "redeemedBy" TEXT,
    "redeemedPublicKey" TEXT,

    CONSTRAINT "Redemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitCard" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "media" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "owner" TEXT,
    "publicKey" TEXT,
    "status" TEXT NOT NULL,
    "redemptionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnitCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UniversalName" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "owner" TEXT,
    "registeredByShop" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UniversalName_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DigitalTwin" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigitalTwin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "redemptionId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "destination" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "providerMessageId" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataRequest" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "externalId" TEXT,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "report" JSONB NOT NULL,

    CONSTRAINT "DataRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopSetup" (
    "shop" TEXT NOT NULL,
    "storefrontBlockSeenAt" TIMESTAMP(3),
    "nftApprovedAt" TIMESTAMP(3),

    CONSTRAINT "ShopSetup_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "ChainMint" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "twinId" TEXT,
    "cardId" TEXT,
    "recipient" TEXT NOT NULL,
    "mintAddress" TEXT NOT NULL,
    "cluster" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentSignatures" TEXT NOT NULL DEFAULT '',
    "signature" TEXT,
    "mintedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChainMint_pkey" PRIMARY KEY ("id")
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

-- CreateIndex
CREATE INDEX "DataRequest_shop_customerId_idx" ON "DataRequest"("shop", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "DataRequest_shop_externalId_key" ON "DataRequest"("shop", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "ChainMint_twinId_key" ON "ChainMint"("twinId");

-- CreateIndex
CREATE UNIQUE INDEX "ChainMint_cardId_key" ON "ChainMint"("cardId");

-- CreateIndex
CREATE UNIQUE INDEX "ChainMint_mintAddress_key" ON "ChainMint"("mintAddress");

-- CreateIndex
CREATE INDEX "ChainMint_status_nextAttemptAt_idx" ON "ChainMint"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "ChainMint_shop_status_idx" ON "ChainMint"("shop", "status");

-- AddForeignKey
ALTER TABLE "UnitCard" ADD CONSTRAINT "UnitCard_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigitalTwin" ADD CONSTRAINT "DigitalTwin_nameId_fkey" FOREIGN KEY ("nameId") REFERENCES "UniversalName"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_redemptionId_fkey" FOREIGN KEY ("redemptionId") REFERENCES "Redemption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChainMint" ADD CONSTRAINT "ChainMint_twinId_fkey" FOREIGN KEY ("twinId") REFERENCES "DigitalTwin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChainMint" ADD CONSTRAINT "ChainMint_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "UnitCard"("id") ON DELETE CASCADE ON UPDATE CASCADE;

