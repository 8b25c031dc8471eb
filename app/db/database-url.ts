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
