import type { TestProject } from "vitest/node";
import { MIGRATED_TEMPLATE, migratedPostgresDatabases } from "./global-setup-postgres";
import { startPgBouncer } from "./pgbouncer";
import { startPostgres } from "./postgres";
import { startSharedServers } from "./shared-servers";
import { shareEnvironment, type TestEnvironment } from "./test-environments";

declare module "vitest" {
  export interface ProvidedContext {
    /** The "pgbouncer" project's PostgreSQL server itself, bypassing the pooler (what DIRECT_URL names): `postgresql://postgres@127.0.0.1:<port>/postgres`. */
    postgresDirectUrl: string;
  }
}

/**
 * The "pgbouncer" project: the "postgresql" project's setup with a throwaway
 * PgBouncer in transaction mode (test/support/pgbouncer.ts) between the servers
 * (and the tests) and PostgreSQL, their DATABASE_URLs ending in `?pgbouncer=true`.
 * The database is migrated on PostgreSQL directly, as `npm run db:migrate` does
 * with DIRECT_URL. No chain server: no file of this project mints. Everything is
 * stopped and deleted afterwards, PgBouncer by its process group, also when the
 * setup itself fails.
 */
export const setup = (project: TestProject) => shareEnvironment(project, "pgbouncer", startPgbouncerEnvironment);

export async function startPgbouncerEnvironment(): Promise<TestEnvironment> {
  const postgres = await startPostgres();
  let stopPooler = async () => undefined as void;
  try {
    await migratedPostgresDatabases(postgres, ["twin_cards"]);
    const { hostname, port } = new URL(postgres.url());
    const pooler = await startPgBouncer({ host: hostname, port: Number(port) });
    stopPooler = pooler.stop;
    const servers = await startSharedServers({ databaseUrl: pooler.url("twin_cards") });
    return {
      provided: { ...servers.provided, postgresDirectUrl: postgres.url(), migratedPostgresTemplate: MIGRATED_TEMPLATE },
      stop: async () => {
        try {
          await servers.stop();
        } finally {
          await pooler.stop();
          await postgres.stop();
        }
      },
    };
  } catch (error) {
    await stopPooler();
    await postgres.stop();
    throw error;
  }
}
