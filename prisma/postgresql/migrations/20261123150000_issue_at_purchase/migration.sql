-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "voidReason" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN     "accountPageUrl" TEXT,
ADD COLUMN     "claimLinkTarget" TEXT NOT NULL DEFAULT 'THEME';

-- CreateTable
CREATE TABLE "IssuingRule" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "targetTitle" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "issueTwin" BOOLEAN NOT NULL,
    "cardTemplate" JSONB,
    "cardPerUnit" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IssuingRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderWebhook" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "outcome" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderIssue" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderIssue_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "OrderIssue" ADD CONSTRAINT "OrderIssue_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "IssuingRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

