-- CreateTable
CREATE TABLE "ShopPlan" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "plan" TEXT NOT NULL,
    "subscriptionId" TEXT,
    "trialEndsAt" DATETIME,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PlanUsage" (
    "shop" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "items" INTEGER NOT NULL,

    PRIMARY KEY ("shop", "month")
);

