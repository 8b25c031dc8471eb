-- AlterTable
ALTER TABLE "OrderWebhook" ADD COLUMN "eventId" TEXT;

-- AlterTable
ALTER TABLE "ShopPlan" ADD COLUMN "changedAt" DATETIME;

-- CreateTable
CREATE TABLE "OrderRefundLine" (
    "shop" TEXT NOT NULL,
    "refundId" TEXT NOT NULL,
    "lineItemId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "voided" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("shop", "refundId", "lineItemId")
);

-- CreateIndex
CREATE INDEX "OrderRefundLine_shop_orderId_idx" ON "OrderRefundLine"("shop", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderWebhook_shop_topic_eventId_key" ON "OrderWebhook"("shop", "topic", "eventId");

