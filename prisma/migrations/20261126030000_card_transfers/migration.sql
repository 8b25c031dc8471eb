-- CreateTable
CREATE TABLE "CardTransfer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "fromOwner" TEXT NOT NULL,
    "toOwner" TEXT,
    "redemptionId" TEXT NOT NULL,
    "previousRedemptionId" TEXT,
    "message" TEXT,
    "status" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settledAt" DATETIME,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "CardTransfer_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "UnitCard" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CardTransfer_redemptionId_key" ON "CardTransfer"("redemptionId");

-- CreateIndex
CREATE INDEX "CardTransfer_cardId_createdAt_idx" ON "CardTransfer"("cardId", "createdAt");

-- CreateIndex
CREATE INDEX "OrderIssue_redemptionId_idx" ON "OrderIssue"("redemptionId");

-- CreateIndex
CREATE INDEX "OrderIssue_twinId_idx" ON "OrderIssue"("twinId");

