import { createRequire } from "node:module";
import { Prisma, PrismaClient } from "@prisma/client";
import type pg from "pg";
import { behindTransactionPooler, databaseKind } from "./database-url";
import { type DirectSql, postgresDirectSql } from "./direct-sql.server";
import { assertClientsInStep, generatedSchemas } from "./postgres-client-check.server";
import { PostgresAdapterFactory } from "./postgres-adapter.server";
import { postgresPool } from "./postgres-pool.server";
import { SqliteAdapterFactory } from "./sqlite-adapter.server";

/** A Prisma client and the direct statements on the same connections (app/db/direct-sql.server.ts). */
export interface Database {
  client: PrismaClient;
  direct: DirectSql;
  /** PostgreSQL's connection pool, shared by both (its counts tell who waits for a connection). */
  pool?: pg.Pool;
}

/**
 * The database at `url`: on SQLite the default Prisma client through our
 * better-sqlite3 adapter (app/db/sqlite-adapter.server.ts), on PostgreSQL the client generated from the
 * PostgreSQL schema through adapter-pg. A Prisma client only accepts an adapter of
 * its schema's provider; both have the same models, so the domain sees one type.
 */
export function createDatabase(url: string, options: { poolSize?: number } = {}): Database {
  // SQLite: transactions queue for the one connection (and other processes' writers), so wait well past Prisma's 2 s default.
  // PostgreSQL: the same bounds keep behaviour alike when the pool is exhausted.
  // The timeout is a safety net for a transaction that never ends (one holding SQLite's write lock holds up every
  // writer), not a speed limit: a 10,000-row CSV import is one transaction and took 27 s on a busy 2-core machine.
  const transactionOptions = { maxWait: 15_000, timeout: 300_000 };
  if (databaseKind(url) === "postgresql") {
    const pool = postgresPool(url, { max: options.poolSize });
    // disposeExternalPool: $disconnect() ends the pool, as it would end one Prisma made.
    const adapter = new PostgresAdapterFactory(pool, { disposeExternalPool: true });
    const { PrismaClient: PostgresPrismaClient } = postgresClientModule();
    return {
      client: new PostgresPrismaClient({ adapter, transactionOptions }) as unknown as PrismaClient,
      // Behind a transaction-mode pooler (`?pgbouncer=true`) unnamed statements, as adapter-pg sends its own.
      direct: postgresDirectSql(pool, { named: !behindTransactionPooler(url) }),
      pool,
    };
  }
  const adapter = new SqliteAdapterFactory(url);
  return {
    client: new PrismaClient({ adapter, transactionOptions }),
    direct: adapter.directSql,
  };
}

/** The Prisma client alone (tests, scripts). */
export const createPrismaClient = (url: string): PrismaClient => createDatabase(url).client;

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
 * install), loaded only when DATABASE_URL is PostgreSQL, and only when it was generated
 * from the same models as the SQLite client. `require`, because a
 * `.prisma/…` path is no valid ESM package name (it is how @prisma/client loads its own).
 */
let postgresClient: typeof import(".prisma/client-postgresql") | undefined;
function postgresClientModule(): typeof import(".prisma/client-postgresql") {
  if (!postgresClient) {
    const schemas = generatedSchemas();
    assertClientsInStep(schemas.sqlite, schemas.postgresql);
    postgresClient = createRequire(import.meta.url)(".prisma/client-postgresql") as typeof import(".prisma/client-postgresql");
  }
  return postgresClient;
}
