-- CreateTable
CREATE TABLE "GoogleWalletObject" (
    "objectId" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "locale" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "GoogleWalletUpdate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "objectId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "GoogleWalletObject_shop_idx" ON "GoogleWalletObject"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "GoogleWalletObject_serialNumber_holder_key" ON "GoogleWalletObject"("serialNumber", "holder");

-- CreateIndex
CREATE INDEX "GoogleWalletUpdate_status_nextAttemptAt_idx" ON "GoogleWalletUpdate"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "GoogleWalletUpdate_objectId_idx" ON "GoogleWalletUpdate"("objectId");

