/** The embedded SQLite file used when DATABASE_URL is not set (relative to the working directory). */
export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";

/**
 * What DATABASE_URL names: the embedded SQLite file (`file:…`, the default) or a
 * PostgreSQL server (`postgresql://…` or `postgres://…`). The one place that tells
 * them apart (docs/decisions/0022-postgresql.md).
 */
export type DatabaseKind = "sqlite" | "postgresql";

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (POSTGRES_URL.test(url)) return "postgresql";
  throw new Error(
    `DATABASE_URL must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL (postgresql://user:password@host:5432/db), not ${redactDatabaseUrl(url)}`,
  );
}

/** The URL with its password replaced by `***`, fit for logs and error messages. */
export function redactDatabaseUrl(url: string): string {
  // user:password@ in any scheme, also in URLs the URL parser would refuse.
  const redacted = url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, "$1:***@");
  // password=… in the query string (libpq's keyword form).
  return redacted.replace(/([?&]password=)[^&#]*/gi, "$1***");
}

/** `pgbouncer=true` among a URL's query parameters (the URL parser would refuse some valid libpq URLs, so no `new URL`). */
const POOLER_PARAMETER = /([?&])pgbouncer=([^&#]*)(&?)/i;

/**
 * Whether a PostgreSQL URL says it reaches the database through a transaction-mode
 * pooler (PgBouncer, Supabase's pooler…): `?pgbouncer=true`, Prisma's convention
 * (docs/decisions/0037-connection-poolers.md). Such a pooler hands each
 * transaction whichever server connection is free, so nothing may be left on a
 * connection between transactions: no named prepared statements, no session state.
 */
export function behindTransactionPooler(url: string): boolean {
  return POOLER_PARAMETER.exec(url)?.[2]?.toLowerCase() === "true";
}

/**
 * The URL as node-postgres gets it: the `pgbouncer` parameter is ours to read, not
 * a connection setting (node-postgres ignores it today; a parameter it took for
 * one would be sent to the server as a startup setting, which a pooler refuses).
 */
export function withoutPoolerParameter(url: string): string {
  return url.replace(POOLER_PARAMETER, (_, before: string, _value: string, after: string) => (after ? before : ""));
}
