-- Issue at purchase: rules, order webhooks, what they issued; voided cards; claim link target (docs/decisions/0029-issue-at-purchase.md).
-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN "voidReason" TEXT;
ALTER TABLE "UnitCard" ADD COLUMN "voidedAt" DATETIME;

-- CreateTable
CREATE TABLE "IssuingRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetTitle" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "issueTwin" BOOLEAN NOT NULL,
    "cardTemplate" JSONB,
    "cardPerUnit" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderWebhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "outcome" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OrderIssue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "orderName" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "moment" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "customerId" TEXT,
    "recipient" TEXT,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "twinId" TEXT,
    "cardIds" JSONB NOT NULL,
    "redemptionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderIssue_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "IssuingRule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ShopSetup" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "storefrontBlockSeenAt" DATETIME,
    "nftApprovedAt" DATETIME,
    "verifyPagesIndexed" BOOLEAN NOT NULL DEFAULT false,
    "claimLinkTarget" TEXT NOT NULL DEFAULT 'THEME',
    "accountPageUrl" TEXT
);
INSERT INTO "new_ShopSetup" ("nftApprovedAt", "shop", "storefrontBlockSeenAt", "verifyPagesIndexed") SELECT "nftApprovedAt", "shop", "storefrontBlockSeenAt", "verifyPagesIndexed" FROM "ShopSetup";
DROP TABLE "ShopSetup";
ALTER TABLE "new_ShopSetup" RENAME TO "ShopSetup";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "IssuingRule_shop_status_idx" ON "IssuingRule"("shop", "status");

-- CreateIndex
CREATE INDEX "OrderWebhook_status_nextAttemptAt_idx" ON "OrderWebhook"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OrderWebhook_shop_orderId_idx" ON "OrderWebhook"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderWebhook_shop_webhookId_key" ON "OrderWebhook"("shop", "webhookId");

-- CreateIndex
CREATE INDEX "OrderIssue_shop_ruleId_createdAt_idx" ON "OrderIssue"("shop", "ruleId", "createdAt");

-- CreateIndex
CREATE INDEX "OrderIssue_shop_customerId_idx" ON "OrderIssue"("shop", "customerId");

-- CreateIndex
CREATE INDEX "OrderIssue_shop_orderId_idx" ON "OrderIssue"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderIssue_shop_ruleId_lineItemId_moment_key" ON "OrderIssue"("shop", "ruleId", "lineItemId", "moment");

