-- CreateTable
CREATE TABLE "ShopProfile" (
    "shop" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "brandLogoUrl" TEXT,
    "customLogoUrl" TEXT,
    "primaryLocale" TEXT NOT NULL DEFAULT 'en',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "contactEmail" TEXT,
    "refreshedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopProfile_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "shop" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "emailBody" TEXT NOT NULL,
    "smsBody" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageTemplate_pkey" PRIMARY KEY ("shop","language")
);

