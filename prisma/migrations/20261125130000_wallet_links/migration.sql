-- CreateTable
CREATE TABLE "WalletChallenge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "issuedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME
);

-- CreateTable
CREATE TABLE "CustomerWallet" (
    "shop" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL,
    "linkedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "owner")
);

-- CreateIndex
CREATE INDEX "WalletChallenge_shop_owner_idx" ON "WalletChallenge"("shop", "owner");

