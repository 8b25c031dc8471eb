-- AlterTable
ALTER TABLE "ShopProfile" ADD COLUMN "primaryDomain" TEXT;
ALTER TABLE "ShopProfile" ADD COLUMN "shopId" TEXT;

