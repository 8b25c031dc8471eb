import os from "node:os";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// One real SQLite file per run, shared by the built server the tests talk to and
// by the tests themselves (to arrange state and check what was written).
const databaseFile = path.join(os.tmpdir(), `twin-cards-test-${process.pid}.sqlite`);
process.env.DATABASE_URL = `file:${databaseFile}`;

/** Files named *.sqlite.test.ts reach into SQLite itself (PRAGMAs, its file, several processes on one file): SQLite only. */
const SQLITE_ONLY = "test/**/*.sqlite.test.ts";
/** Files named *.postgresql.test.ts are about PostgreSQL alone (its migrator, its URLs): PostgreSQL only. */
const POSTGRES_ONLY = "test/**/*.postgresql.test.ts";
/** Files named *.pgbouncer.test.ts are about running behind a transaction-mode pooler (its faults, DIRECT_URL): "pgbouncer" only. */
const PGBOUNCER_ONLY = "test/**/*.pgbouncer.test.ts";

/**
 * What the "pgbouncer" project runs through the pooler, besides its own *.pgbouncer.test.ts files
 * (decision 0037): every integration test took 9 min 32 s through it alone on a 2-core machine like
 * CI's, which would take the whole `npm test` from about 11 to about 20 min, past CI's limit. With
 * this subset (68 s alone) the whole `npm test` took 13 min 19 s there. So the paths
 * where a pooler changes something: the /v1 hot paths that send direct statements (API key,
 * rate-limit take, validate-name, the card page), the writes in one transaction (cards, batches,
 * redeem, idempotency), events and webhooks, the outbox claims under leases, and the health check.
 * The admin, storefront and customer-account faces reach the database only through these same
 * adapters and Prisma, whose statements are unnamed whatever the URL.
 */
const THROUGH_POOLER = [
  "http-contract",
  "rate-limit",
  "names-twins",
  "direct-sql",
  "list-cursors",
  "cards",
  "batch",
  "redeem",
  "idempotency",
  "events",
  "events-outbox",
  "webhooks",
  "webhook-delivery",
  "outbox",
  "outbox-worker",
  "healthz",
].map((name) => `test/integration/${name}.test.ts`);

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: "forks",
    // Vitest's default is one worker per core less one: on a 2-core machine, one file at a time. Most of a
    // test's time is spent waiting on the built servers and the databases, which run in their own processes,
    // so two files at once took the suite from 930 s to 639 s there, all tests passing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["test/support/database-env.ts", "test/support/wiring.ts"],
    projects: [
      // Every test once, on the embedded SQLite file.
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["test/**/*.test.ts"],
          exclude: [POSTGRES_ONLY, PGBOUNCER_ONLY],
          globalSetup: ["test/support/global-setup.ts"],
        },
      },
      // The HTTP integration tests again, on a real PostgreSQL server.
      {
        extends: true,
        test: {
          name: "postgresql",
          include: ["test/integration/**/*.test.ts"],
          exclude: [SQLITE_ONLY, PGBOUNCER_ONLY],
          globalSetup: ["test/support/global-setup-postgres.ts"],
        },
      },
      // The paths a transaction-mode pooler can break, again on PostgreSQL through PgBouncer (`?pgbouncer=true`).
      {
        extends: true,
        test: {
          name: "pgbouncer",
          include: [...THROUGH_POOLER, PGBOUNCER_ONLY],
          globalSetup: ["test/support/global-setup-pgbouncer.ts"],
        },
      },
    ],
  },
});
