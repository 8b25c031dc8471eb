-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN "nftApprovedAt" DATETIME;

-- CreateTable
CREATE TABLE "ChainMint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "twinId" TEXT,
    "cardId" TEXT,
    "recipient" TEXT NOT NULL,
    "mintAddress" TEXT NOT NULL,
    "cluster" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "sentSignatures" TEXT NOT NULL DEFAULT '',
    "signature" TEXT,
    "mintedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ChainMint_twinId_fkey" FOREIGN KEY ("twinId") REFERENCES "DigitalTwin" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChainMint_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "UnitCard" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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

