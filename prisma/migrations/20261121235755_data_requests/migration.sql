-- CreateTable
CREATE TABLE "DataRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "externalId" TEXT,
    "requestedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "report" JSONB NOT NULL
);

-- CreateIndex
CREATE INDEX "DataRequest_shop_customerId_idx" ON "DataRequest"("shop", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "DataRequest_shop_externalId_key" ON "DataRequest"("shop", "externalId");

