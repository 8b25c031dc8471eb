-- AlterTable
ALTER TABLE "ShopProfile" ADD COLUMN     "primaryDomain" TEXT,
ADD COLUMN     "shopId" TEXT;

