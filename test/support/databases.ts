import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import pg from "pg";
import { createPrismaClient } from "~/db/prisma-client.server";
import { databaseKind } from "~/db/database-url";
import { migratePostgresDatabase } from "./global-setup-postgres";
import { removeDatabase } from "./processes";

export interface PrivateDatabase {
  url: string;
  /** A client of the app's own kind (the same adapters as the server). */
  client: PrismaClient;
  /** Disconnects and deletes the database. */
  remove(): Promise<void>;
}

/**
 * A new migrated database of the same kind as the project's (process.env.DATABASE_URL):
 * a SQLite file in the temp folder, or a database on the same PostgreSQL server.
 * For processes that must not see other tests' rows.
 */
export async function privateDatabase(label: string): Promise<PrivateDatabase> {
  if (databaseKind(process.env.DATABASE_URL!) === "sqlite") {
    const file = path.join(os.tmpdir(), `twin-cards-${label}-${randomUUID().slice(0, 8)}.sqlite`);
    const url = `file:${file}`;
    execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "pipe", env: { ...process.env, DATABASE_URL: url } });
    const client = createPrismaClient(url);
    return { url, client, remove: async () => void (await client.$disconnect(), removeDatabase(file)) };
  }
  const database = await emptyPostgresDatabase(label);
  await migratePostgresDatabase(database.url);
  const client = createPrismaClient(database.url);
  return { url: database.url, client, remove: async () => void (await client.$disconnect(), await database.remove()) };
}

/** A new database without tables on the project's PostgreSQL server (process.env.DATABASE_URL names one of its databases). */
export async function emptyPostgresDatabase(label: string): Promise<{ url: string; remove: () => Promise<void> }> {
  const name = `twin_cards_${label.replace(/\W/g, "_")}_${randomUUID().slice(0, 8)}`;
  const server = new URL(process.env.DATABASE_URL!);
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  return {
    url: Object.assign(new URL(server.href), { pathname: `/${name}` }).href,
    async remove() {
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
