-- CreateTable
CREATE TABLE "WalletPass" (
    "serialNumber" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "changedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "WalletPassToken" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "serialNumber" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "locale" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WalletPassToken_serialNumber_fkey" FOREIGN KEY ("serialNumber") REFERENCES "WalletPass" ("serialNumber") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WalletPassRegistration" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deviceLibraryId" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WalletPassRegistration_serialNumber_fkey" FOREIGN KEY ("serialNumber") REFERENCES "WalletPass" ("serialNumber") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WalletPassPush" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "serialNumber" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "WalletPass_shop_idx" ON "WalletPass"("shop");

-- CreateIndex
CREATE INDEX "WalletPassToken_serialNumber_createdAt_idx" ON "WalletPassToken"("serialNumber", "createdAt");

-- CreateIndex
CREATE INDEX "WalletPassRegistration_serialNumber_idx" ON "WalletPassRegistration"("serialNumber");

-- CreateIndex
CREATE UNIQUE INDEX "WalletPassRegistration_deviceLibraryId_serialNumber_key" ON "WalletPassRegistration"("deviceLibraryId", "serialNumber");

-- CreateIndex
CREATE INDEX "WalletPassPush_status_nextAttemptAt_idx" ON "WalletPassPush"("status", "nextAttemptAt");

