import pg from "pg";
import { databaseKind, redactDatabaseUrl, withoutPoolerParameter } from "./database-url";
import { assertClientsInStep, generatedSchemas } from "./postgres-client-check.server";

/** How long a new PostgreSQL connection may take before it counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A database named by DATABASE_URL that cannot be used; its message is one line, without the password. */
export class DatabaseUrlError extends Error {
  override name = "DatabaseUrlError";
}

/** One line naming the variable (DATABASE_URL, or DIRECT_URL for the migrator) with its URL (password as `***`) and why it cannot be used. */
export function unusableDatabaseMessage(url: string, reason: unknown, variable = "DATABASE_URL"): string {
  const why = (reason instanceof Error ? reason.message : String(reason)) || (reason as { code?: string }).code || "unknown error";
  // A driver message never carries the password, but the URL might be echoed in one: redact whatever appears.
  const line = why.split(url).join(redactDatabaseUrl(url)).replace(/\s+/g, " ").trim();
  return `Cannot use the database at ${variable}=${redactDatabaseUrl(url)}: ${line}`;
}

/** A connected node-postgres client for `url` (named `variable` in messages), or a DatabaseUrlError saying why not. */
export async function connectPostgres(url: string, variable = "DATABASE_URL"): Promise<pg.Client> {
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: withoutPoolerParameter(url), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  } catch (error) {
    throw new DatabaseUrlError(unusableDatabaseMessage(url, error, variable));
  }
  // An error after connecting (the server going away) must not crash the process as an unhandled 'error' event.
  client.on("error", () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new DatabaseUrlError(unusableDatabaseMessage(url, error, variable));
  }
}

/**
 * Before a process starts serving: for a PostgreSQL URL, checks that the PostgreSQL
 * client was generated with the SQLite one, then connects and asks the server a trivial query; a malformed, unreachable or refused URL prints one line
 * naming DATABASE_URL and exits 1 (no stack trace). SQLite files are opened on
 * first use, as before.
 */
export async function databaseUsableOrExit(url: string): Promise<void> {
  let kind;
  try {
    kind = databaseKind(url);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (kind !== "postgresql") return;
  try {
    const schemas = generatedSchemas();
    assertClientsInStep(schemas.sqlite, schemas.postgresql);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  try {
    const client = await connectPostgres(url);
    try {
      await client.query("SELECT 1");
    } catch (error) {
      throw new DatabaseUrlError(unusableDatabaseMessage(url, error));
    } finally {
      await client.end().catch(() => undefined);
    }
  } catch (error) {
    console.error(error instanceof DatabaseUrlError ? error.message : unusableDatabaseMessage(url, error));
    process.exit(1);
  }
}
