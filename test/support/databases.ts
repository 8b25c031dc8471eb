import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { PrismaClient } from "@prisma/client";
import pg from "pg";
import { createPrismaClient } from "~/db/prisma-client.server";
import { databaseKind } from "~/db/database-url";
import { migratedDatabase } from "./processes";

export interface PrivateDatabase {
  url: string;
  /** A client of the app's own kind (the same adapters as the server). */
  client: PrismaClient;
  /** Disconnects and deletes the database. */
  remove(): Promise<void>;
}

/**
 * A new migrated database of the same kind as the project's (process.env.DATABASE_URL):
 * a SQLite file in the temp folder, or a database on the same PostgreSQL server,
 * each a copy of the one the project's global setup migrated.
 * For processes that must not see other tests' rows.
 */
export async function privateDatabase(label: string): Promise<PrivateDatabase> {
  if (databaseKind(process.env.DATABASE_URL!) === "sqlite") {
    const { url, remove } = migratedDatabase(label);
    const client = createPrismaClient(url);
    return { url, client, remove: async () => void (await client.$disconnect(), remove()) };
  }
  const database = await emptyPostgresDatabase(label, { template: inject("migratedPostgresTemplate") });
  const client = createPrismaClient(database.url);
  return { url: database.url, client, remove: async () => void (await client.$disconnect(), await database.remove()) };
}

/** A new database on the project's PostgreSQL server (process.env.DATABASE_URL names one of its databases): without tables, or a copy of `template`. */
export async function emptyPostgresDatabase(
  label: string,
  { template }: { template?: string } = {},
): Promise<{ url: string; remove: () => Promise<void> }> {
  const name = `twin_cards_${label.replace(/\W/g, "_")}_${randomUUID().slice(0, 8)}`;
  const server = new URL(process.env.DATABASE_URL!);
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  return {
    url: Object.assign(new URL(server.href), { pathname: `/${name}` }).href,
    async remove() {
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
