import { execFileSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { removeDatabase } from "./processes";
import { startSharedServers } from "./shared-servers";

/** The "sqlite" project: fresh SQLite files (vitest.config.ts names the main one), migrated, and the shared servers on them. */
export async function setup(project: TestProject) {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  const chainDatabaseFile = databaseFile.replace(/(\.sqlite)?$/, "-chain.sqlite");
  for (const file of [databaseFile, chainDatabaseFile]) {
    removeDatabase(file);
    execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
      stdio: "pipe",
      env: { ...process.env, DATABASE_URL: `file:${file}` },
    });
  }
  let stopServers: () => Promise<void> = async () => undefined;
  try {
    stopServers = await startSharedServers(project, { databaseUrl: `file:${databaseFile}`, chainDatabaseUrl: `file:${chainDatabaseFile}` });
  } catch (error) {
    [databaseFile, chainDatabaseFile].forEach(removeDatabase);
    throw error;
  }
  return async () => {
    await stopServers();
    [databaseFile, chainDatabaseFile].forEach(removeDatabase);
  };
}
