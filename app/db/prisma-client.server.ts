import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@prisma/client";
import { databaseKind } from "./database-url";
import { CONNECT_TIMEOUT_MS } from "./postgres-connect.server";
import { SerialSqliteAdapterFactory } from "./sqlite-adapter.server";

/**
 * The Prisma client for DATABASE_URL: on SQLite the default client through the
 * serialising better-sqlite3 adapter, on PostgreSQL the client generated from the
 * PostgreSQL schema through adapter-pg. A Prisma client only accepts an adapter of
 * its schema's provider; both have the same models, so the domain sees one type.
 */
export function createPrismaClient(url: string): PrismaClient {
  // SQLite: transactions queue for the one connection (and other processes' writers), so wait well past Prisma's 2 s default.
  // PostgreSQL: the same bounds keep behaviour alike when the pool is exhausted.
  const transactionOptions = { maxWait: 15_000, timeout: 20_000 };
  if (databaseKind(url) === "postgresql") {
    // allowExitOnIdle: idle pooled connections do not keep a finished CLI (api-key:create) alive for 10 s.
    const adapter = new PrismaPg({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, allowExitOnIdle: true });
    const { PrismaClient: PostgresPrismaClient } = postgresClientModule();
    return new PostgresPrismaClient({ adapter, transactionOptions }) as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: new SerialSqliteAdapterFactory(url), transactionOptions });
}

/**
 * Prisma's `DbNull` (set a JSON column to SQL NULL) for the client `createPrismaClient(url)`
 * makes: each generated client takes only its own instance, and another's is written as `{}`.
 */
export function dbNullFor(url: string): typeof Prisma.DbNull {
  return databaseKind(url) === "postgresql" ? (postgresClientModule().Prisma.DbNull as unknown as typeof Prisma.DbNull) : Prisma.DbNull;
}

/**
 * The client generated from prisma/postgresql/schema.prisma into
 * node_modules/.prisma/client-postgresql (scripts/postgres-client.ts, run by npm
 * install), loaded only when DATABASE_URL is PostgreSQL. `require`, because a
 * `.prisma/…` path is no valid ESM package name (it is how @prisma/client loads its own).
 */
function postgresClientModule(): typeof import(".prisma/client-postgresql") {
  return createRequire(import.meta.url)(".prisma/client-postgresql");
}
