-- DropIndex
DROP INDEX "WebhookDelivery_endpointId_idx";

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Existing rows: last written when delivered, else when created (the best the table knew).
UPDATE "WebhookDelivery" SET "updatedAt" = COALESCE("deliveredAt", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_id_idx" ON "WebhookDelivery"("endpointId", "id");

