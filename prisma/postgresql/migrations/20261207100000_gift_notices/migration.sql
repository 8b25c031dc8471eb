-- AlterTable
ALTER TABLE "CardTransfer" ADD COLUMN     "fromName" TEXT,
ADD COLUMN     "giverLocale" TEXT,
ADD COLUMN     "toName" TEXT;

