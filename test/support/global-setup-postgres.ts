import type { TestProject } from "vitest/node";
import { connectPostgres } from "../../app/db/postgres-connect.server";
import { migratePostgres, readMigrations } from "../../app/db/postgres-migrator.server";
import { startPostgres } from "./postgres";
import { startSharedServers } from "./shared-servers";

/** Applies the committed PostgreSQL migrations to the database at `url` (what `npm run db:migrate` does). */
export async function migratePostgresDatabase(url: string) {
  const client = await connectPostgres(url);
  try {
    await migratePostgres(client, readMigrations());
  } finally {
    await client.end();
  }
}

/**
 * The "postgresql" project: a throwaway PostgreSQL server (test/support/postgres.ts)
 * with two migrated databases and the shared servers on them; stopped and
 * deleted afterwards, also when the setup itself fails.
 */
export async function setup(project: TestProject) {
  const postgres = await startPostgres();
  try {
    const databaseUrl = await postgres.createDatabase("twin_cards");
    const chainDatabaseUrl = await postgres.createDatabase("twin_cards_chain");
    await Promise.all([databaseUrl, chainDatabaseUrl].map(migratePostgresDatabase));
    const stopServers = await startSharedServers(project, { databaseUrl, chainDatabaseUrl });
    return async () => {
      await stopServers();
      await postgres.stop();
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}
