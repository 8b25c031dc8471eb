-- CreateTable
CREATE TABLE "WalletChallenge" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "WalletChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerWallet" (
    "shop" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL,
    "linkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerWallet_pkey" PRIMARY KEY ("shop","owner")
);

-- CreateIndex
CREATE INDEX "WalletChallenge_shop_owner_idx" ON "WalletChallenge"("shop", "owner");

