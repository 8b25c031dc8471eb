-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "limit" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "tokens" REAL NOT NULL,
    "refilledAtMs" REAL NOT NULL,
    "granted" BOOLEAN NOT NULL,

    PRIMARY KEY ("limit", "key")
);

-- CreateIndex
CREATE INDEX "RateLimitBucket_limit_refilledAtMs_idx" ON "RateLimitBucket"("limit", "refilledAtMs");

