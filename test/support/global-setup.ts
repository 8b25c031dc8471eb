import { copyFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { migrateSqliteFile, removeDatabase } from "./processes";
import { startSharedServers } from "./shared-servers";
import { shareEnvironment, type TestEnvironment } from "./test-environments";

declare module "vitest" {
  export interface ProvidedContext {
    /** A SQLite file with every migration applied and no rows: a copy of it is a migrated database ("sqlite" projects only). */
    migratedSqliteFile: string;
  }
}

/**
 * The "sqlite" projects: the SQLite file vitest.config.ts names, migrated once, with
 * a copy for the chain server and one kept for the tests' private databases, and the
 * shared servers on them; all deleted afterwards.
 */
export const setup = (project: TestProject) => shareEnvironment(project, "sqlite", startSqliteEnvironment);

export async function startSqliteEnvironment(): Promise<TestEnvironment> {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  const chainDatabaseFile = databaseFile.replace(/(\.sqlite)?$/, "-chain.sqlite");
  const migratedFile = databaseFile.replace(/(\.sqlite)?$/, "-migrated.sqlite");
  const files = [databaseFile, chainDatabaseFile, migratedFile];
  const removeFiles = () => files.forEach(removeDatabase);
  try {
    removeFiles();
    migrateSqliteFile(migratedFile);
    // Prisma has exited, its write-ahead log checkpointed into the file: a copy of it is a migrated database.
    copyFileSync(migratedFile, databaseFile);
    copyFileSync(migratedFile, chainDatabaseFile);
    const servers = await startSharedServers({ databaseUrl: `file:${databaseFile}`, chainDatabaseUrl: `file:${chainDatabaseFile}` });
    return {
      provided: { ...servers.provided, migratedSqliteFile: migratedFile },
      stop: async () => {
        await servers.stop();
        removeFiles();
      },
    };
  } catch (error) {
    removeFiles();
    throw error;
  }
}
