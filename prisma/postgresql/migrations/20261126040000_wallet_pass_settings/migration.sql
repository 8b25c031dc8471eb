-- AlterTable
ALTER TABLE "ShopSetup" ADD COLUMN     "passBackgroundColor" TEXT NOT NULL DEFAULT '#1F2937',
ADD COLUMN     "passForegroundColor" TEXT NOT NULL DEFAULT '#FFFFFF',
ADD COLUMN     "passLabelColor" TEXT NOT NULL DEFAULT '#D1D5DB',
ADD COLUMN     "passStyleCard" TEXT NOT NULL DEFAULT 'generic',
ADD COLUMN     "passStyleTwin" TEXT NOT NULL DEFAULT 'generic';

