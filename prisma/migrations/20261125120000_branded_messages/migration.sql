-- Branded, localized claim messages (docs/decisions/0031-branded-localized-messages.md).
-- CreateTable
CREATE TABLE "ShopProfile" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "brandLogoUrl" TEXT,
    "customLogoUrl" TEXT,
    "primaryLocale" TEXT NOT NULL DEFAULT 'en',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "contactEmail" TEXT,
    "refreshedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "shop" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "emailBody" TEXT NOT NULL,
    "smsBody" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "language")
);

