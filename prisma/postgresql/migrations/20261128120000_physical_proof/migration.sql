-- CreateTable
CREATE TABLE "ItemProduct" (
    "itemId" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "productId" TEXT,
    "variantId" TEXT,
    "barcode" TEXT,
    "gtin" TEXT,
    "serial" TEXT,
    "productUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ItemProduct_pkey" PRIMARY KEY ("itemId")
);

-- CreateTable
CREATE TABLE "ProductLink" (
    "shop" TEXT NOT NULL,
    "gtin" TEXT NOT NULL,
    "linkType" TEXT NOT NULL,
    "href" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductLink_pkey" PRIMARY KEY ("shop","gtin","linkType")
);

-- CreateTable
CREATE TABLE "TagKeyring" (
    "shop" TEXT NOT NULL,
    "masterSealed" TEXT NOT NULL,
    "factory" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TagKeyring_pkey" PRIMARY KEY ("shop")
);

-- CreateTable
CREATE TABLE "NfcTag" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "twinId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "lastCounter" INTEGER,
    "lastTapAt" TIMESTAMP(3),
    "copiedCount" INTEGER NOT NULL DEFAULT 0,
    "invalidCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retiredAt" TIMESTAMP(3),

    CONSTRAINT "NfcTag_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ItemProduct_shop_variantId_idx" ON "ItemProduct"("shop", "variantId");

-- CreateIndex
CREATE UNIQUE INDEX "ItemProduct_shop_gtin_serial_key" ON "ItemProduct"("shop", "gtin", "serial");

-- CreateIndex
CREATE INDEX "NfcTag_shop_twinId_idx" ON "NfcTag"("shop", "twinId");

-- CreateIndex
CREATE INDEX "NfcTag_shop_livemode_id_idx" ON "NfcTag"("shop", "livemode", "id");

-- CreateIndex
CREATE UNIQUE INDEX "NfcTag_shop_uid_key" ON "NfcTag"("shop", "uid");

