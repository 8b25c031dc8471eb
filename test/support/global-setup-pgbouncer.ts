import type { TestProject } from "vitest/node";
import { migratePostgresDatabase } from "./global-setup-postgres";
import { startPgBouncer } from "./pgbouncer";
import { startPostgres } from "./postgres";
import { startSharedServers } from "./shared-servers";

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
 * The databases are migrated on PostgreSQL directly, as `npm run db:migrate` does
 * with DIRECT_URL. Everything is stopped and deleted afterwards, PgBouncer by its
 * process group, also when the setup itself fails.
 */
export async function setup(project: TestProject) {
  const postgres = await startPostgres();
  let stopPooler = async () => undefined as void;
  try {
    const direct = await Promise.all(["twin_cards", "twin_cards_chain"].map((name) => postgres.createDatabase(name)));
    await Promise.all(direct.map(migratePostgresDatabase));
    const { hostname, port } = new URL(postgres.url());
    const pooler = await startPgBouncer({ host: hostname, port: Number(port) });
    stopPooler = pooler.stop;
    const stopServers = await startSharedServers(project, {
      databaseUrl: pooler.url("twin_cards"),
      chainDatabaseUrl: pooler.url("twin_cards_chain"),
    });
    project.provide("postgresDirectUrl", postgres.url());
    return async () => {
      try {
        await stopServers();
      } finally {
        await pooler.stop();
        await postgres.stop();
      }
    };
  } catch (error) {
    await stopPooler();
    await postgres.stop();
    throw error;
  }
}
