-- CreateTable
CREATE TABLE "RuleBackfill" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "days" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "phase" TEXT NOT NULL DEFAULT 'LISTING',
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "bulkOperationId" TEXT,
    "orderIds" JSONB NOT NULL,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "running" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "RuleBackfill_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RuleBackfill_running_key" ON "RuleBackfill"("running");

-- CreateIndex
CREATE INDEX "RuleBackfill_status_nextAttemptAt_idx" ON "RuleBackfill"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "RuleBackfill_shop_ruleId_idx" ON "RuleBackfill"("shop", "ruleId");

