import type { TestProject } from "vitest/node";
import { connectPostgres } from "../../app/db/postgres-connect.server";
import { migratePostgres, readMigrations } from "../../app/db/postgres-migrator.server";
import { startPostgres, type TestPostgres } from "./postgres";
import { startSharedServers } from "./shared-servers";
import { shareEnvironment, type TestEnvironment } from "./test-environments";

declare module "vitest" {
  export interface ProvidedContext {
    /** A database with every migration applied and no rows, never connected to: the template of a migrated database (PostgreSQL projects only). */
    migratedPostgresTemplate: string;
  }
}

/** Applies the committed PostgreSQL migrations to the database at `url` (what `npm run db:migrate` does). */
export async function migratePostgresDatabase(url: string) {
  const client = await connectPostgres(url);
  try {
    await migratePostgres(client, readMigrations());
  } finally {
    await client.end();
  }
}

/** The template every migrated database of a test PostgreSQL server is copied from: migrated once, by the migrator. */
export const MIGRATED_TEMPLATE = "twin_cards_migrated";

/** Creates `MIGRATED_TEMPLATE` on `postgres`, then a copy of it for each of `names`; resolves with their URLs. */
export async function migratedPostgresDatabases(postgres: TestPostgres, names: string[]): Promise<string[]> {
  await migratePostgresDatabase(await postgres.createDatabase(MIGRATED_TEMPLATE));
  return Promise.all(names.map((name) => postgres.createDatabase(name, { template: MIGRATED_TEMPLATE })));
}

/**
 * The "postgresql" projects: a throwaway PostgreSQL server (test/support/postgres.ts)
 * with two migrated databases and the shared servers on them; stopped and
 * deleted afterwards, also when the setup itself fails.
 */
export const setup = (project: TestProject) => shareEnvironment(project, "postgresql", startPostgresqlEnvironment);

export async function startPostgresqlEnvironment(): Promise<TestEnvironment> {
  const postgres = await startPostgres();
  try {
    const [databaseUrl, chainDatabaseUrl] = await migratedPostgresDatabases(postgres, ["twin_cards", "twin_cards_chain"]);
    const servers = await startSharedServers({ databaseUrl: databaseUrl!, chainDatabaseUrl });
    return {
      provided: { ...servers.provided, migratedPostgresTemplate: MIGRATED_TEMPLATE },
      stop: async () => {
        try {
          await servers.stop();
        } finally {
          await postgres.stop();
        }
      },
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}
