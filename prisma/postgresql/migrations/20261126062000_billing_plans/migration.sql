-- CreateTable
CREATE TABLE "ShopPlan" (
    "shop" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "subscriptionId" TEXT,
    "trialEndsAt" TIMESTAMP(3),
    "test" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopPlan_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "PlanUsage" (
    "shop" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "items" INTEGER NOT NULL,

    CONSTRAINT "PlanUsage_pkey" PRIMARY KEY ("shop","month")
);

