-- AlterTable
ALTER TABLE "Redemption" ADD COLUMN     "customerId" TEXT;

