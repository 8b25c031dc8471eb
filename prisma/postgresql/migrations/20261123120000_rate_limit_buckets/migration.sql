-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "limit" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "refilledAtMs" DOUBLE PRECISION NOT NULL,
    "granted" BOOLEAN NOT NULL,

    CONSTRAINT "RateLimitBucket_pkey" PRIMARY KEY ("limit","key")
);

-- CreateIndex
CREATE INDEX "RateLimitBucket_limit_refilledAtMs_idx" ON "RateLimitBucket"("limit", "refilledAtMs");

