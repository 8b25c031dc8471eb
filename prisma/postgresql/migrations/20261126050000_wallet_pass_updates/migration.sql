-- CreateTable
CREATE TABLE "WalletPass" (
    "serialNumber" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletPass_pkey" PRIMARY KEY ("serialNumber")
);

-- CreateTable
CREATE TABLE "WalletPassToken" (
    "tokenHash" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "locale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletPassToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "WalletPassRegistration" (
    "id" TEXT NOT NULL,
    "deviceLibraryId" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletPassRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletPassPush" (
    "id" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WalletPassPush_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "WalletPassToken" ADD CONSTRAINT "WalletPassToken_serialNumber_fkey" FOREIGN KEY ("serialNumber") REFERENCES "WalletPass"("serialNumber") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletPassRegistration" ADD CONSTRAINT "WalletPassRegistration_serialNumber_fkey" FOREIGN KEY ("serialNumber") REFERENCES "WalletPass"("serialNumber") ON DELETE CASCADE ON UPDATE CASCADE;

