-- AlterTable
ALTER TABLE "CardTransfer" ADD COLUMN "fromName" TEXT;
ALTER TABLE "CardTransfer" ADD COLUMN "giverLocale" TEXT;
ALTER TABLE "CardTransfer" ADD COLUMN "toName" TEXT;
