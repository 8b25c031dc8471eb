import os from "node:os";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./test/support/slow-first-sequencer";

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
 * Integration tests whose outcome does not depend on the database, run once, on SQLite (docs/testing.md):
 * the OpenAPI document and what is generated or linted from it, static files and compression, the client
 * package as a tarball, configuration refused at boot, `npm run demo` on a taken port, the server's two
 * bundles (on a SQLite file of its own anyway), the app proxy's visitor address, the webhook receiver
 * example and the client's signature checks. Whatever of theirs reaches the database is a path other
 * files run on both databases.
 */
const DATABASE_INDEPENDENT = [
  "api-reference",
  "client-openapi-types",
  "client-pack",
  "client-webhooks",
  "config-boot",
  "demo-ports",
  "openapi",
  "openapi-examples",
  "openapi-guide",
  "openapi-lint",
  "openapi-typescript",
  "proxy-visitor-address",
  "served-weight",
  "server-bundles",
  "static-assets",
  "webhook-readme",
].map((name) => `test/integration/${name}.test.ts`);

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

/**
 * Files that need a Node process of their own, which their project of each database
 * ("<database>-own-process") starts per file, as Vitest does by default:
 * - chain-http and admin-chain open the process's database on the chain server's, not their project's
 *   (the connection is the process's, so files sharing a process share it: test/support/fresh-file.ts);
 * - driver-transactions listens for a warning node-postgres gives once per process.
 */
const OWN_PROCESS = [
  "test/integration/chain-http.test.ts",
  "test/e2e/admin-chain.e2e.test.ts",
  "test/integration/driver-transactions.test.ts",
];

// Each database has a project whose files take turns in shared processes (`isolate: false`): Node, Prisma,
// React and the rest are loaded once per process instead of once per file — 40 % of the suite's CPU time
// went there — while test/support/fresh-file.ts gives each file fresh modules and environment.
const sqlite = { globalSetup: ["test/support/global-setup.ts"], exclude: [POSTGRES_ONLY, PGBOUNCER_ONLY] };
const postgresql = {
  globalSetup: ["test/support/global-setup-postgres.ts"],
  exclude: [SQLITE_ONLY, PGBOUNCER_ONLY, ...DATABASE_INDEPENDENT],
};

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
    // expect.poll waits for a state a person sees (a field's value, a row gone). Vitest's default gives up
    // after 1 s, which a busy 2-core machine exceeds while the page still gets there; a test's own timeout
    // stays the upper bound. Polls that expect a state never to come are written with their own timeout.
    expect: { poll: { timeout: 15_000 } },
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ["default", "./test/support/environments-prestart.ts"],
    setupFiles: ["test/support/fresh-file.ts", "test/support/database-env.ts", "test/support/wiring.ts"],
    projects: [
      // Every test once, on the embedded SQLite file.
      {
        extends: true,
        test: { ...sqlite, name: "sqlite", isolate: false, include: ["test/**/*.test.ts"], exclude: [...sqlite.exclude, ...OWN_PROCESS] },
      },
      { extends: true, test: { ...sqlite, name: "sqlite-own-process", include: OWN_PROCESS } },
      // The HTTP integration tests again, on a real PostgreSQL server, but for those that do not depend on the database.
      {
        extends: true,
        test: {
          ...postgresql,
          name: "postgresql",
          isolate: false,
          include: ["test/integration/**/*.test.ts"],
          exclude: [...postgresql.exclude, ...OWN_PROCESS],
        },
      },
      {
        extends: true,
        test: { ...postgresql, name: "postgresql-own-process", include: OWN_PROCESS.filter((file) => file.includes("/integration/")) },
      },
      // The paths a transaction-mode pooler can break, again on PostgreSQL through PgBouncer (`?pgbouncer=true`).
      {
        extends: true,
        test: {
          name: "pgbouncer",
          isolate: false,
          include: [...THROUGH_POOLER, PGBOUNCER_ONLY],
          globalSetup: ["test/support/global-setup-pgbouncer.ts"],
        },
      },
    ],
  },
});
