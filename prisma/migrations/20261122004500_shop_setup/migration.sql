-- CreateTable
CREATE TABLE "ShopSetup" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "storefrontBlockSeenAt" DATETIME
);
