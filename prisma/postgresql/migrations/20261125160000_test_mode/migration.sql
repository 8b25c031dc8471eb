-- DropIndex
DROP INDEX "UniversalName_name_key";

-- DropIndex
DROP INDEX "IdempotencyRecord_shop_key_key";

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Redemption" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "UnitCard" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "UniversalName" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "DigitalTwin" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "IdempotencyRecord" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN     "viewTestData" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "livemode" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE UNIQUE INDEX "UniversalName_name_livemode_key" ON "UniversalName"("name", "livemode");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_shop_livemode_key_key" ON "IdempotencyRecord"("shop", "livemode", "key");

