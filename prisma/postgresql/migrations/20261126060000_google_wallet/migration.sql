-- CreateTable
CREATE TABLE "GoogleWalletObject" (
    "objectId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "locale" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoogleWalletObject_pkey" PRIMARY KEY ("objectId")
);

-- CreateTable
CREATE TABLE "GoogleWalletUpdate" (
    "id" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoogleWalletUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GoogleWalletObject_shop_idx" ON "GoogleWalletObject"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "GoogleWalletObject_serialNumber_holder_key" ON "GoogleWalletObject"("serialNumber", "holder");

-- CreateIndex
CREATE INDEX "GoogleWalletUpdate_status_nextAttemptAt_idx" ON "GoogleWalletUpdate"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "GoogleWalletUpdate_objectId_idx" ON "GoogleWalletUpdate"("objectId");

