/**
 * How either database says "not now": the classification behind 503 UNAVAILABLE
 * and the retry of a conflicting PostgreSQL transaction (docs/decisions/0022-postgresql.md).
 */

/** Prisma's codes for a database that cannot serve the request now but may soon. */
const UNAVAILABLE_CODES = new Set([
  "P1001", // cannot reach the server
  "P1002", // reached but timed out
  "P1008", // operation timed out
  "P1017", // the server closed the connection
  "P2024", // no connection from the pool in time
  "P2028", // no turn for a transaction in time, or it expired
  "P2034", // write conflict or deadlock (PostgreSQL 40001), still failing after retries
  "P2037", // too many connections
]);

/**
 * PostgreSQL SQLSTATEs Prisma gives no code of its own: connection exceptions
 * (class 08), shutdown or start-up (57P01–57P03), deadlocks, serialization failures.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|40P01|40001|53300)$/;
const CONFLICT_SQLSTATE = /^(40P01|40001)$/;

/** What node-postgres throws, uncoded, when a connection drops or none comes in time. */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/**
 * Prisma's error code (`P2002`, …) of a known request error from either client.
 * Not `instanceof Prisma.PrismaClientKnownRequestError`: the PostgreSQL client is
 * generated with its own copy of Prisma's runtime, hence its own error classes.
 */
export function prismaErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "PrismaClientKnownRequestError") return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** What better-sqlite3 throws itself for a duplicate key, from a direct statement. */
const SQLITE_UNIQUE = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

/**
 * A unique constraint refused an insert: Prisma's P2002 for its own queries, the adapter's
 * UniqueConstraintViolation for raw SQL through Prisma, and the drivers' own errors for a
 * direct statement (app/db/insert-rows.server.ts): SQLite's constraint code, PostgreSQL's 23505.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  prismaErrorCode(error) === "P2002" ||
  adapterCause(error)?.kind === "UniqueConstraintViolation" ||
  SQLITE_UNIQUE.has(String((error as { code?: unknown } | null)?.code)) ||
  sqlState(error) === "23505";

/**
 * What a driver adapter reports for a database out of reach. Prisma maps these to P1001 and the like for its
 * own queries, but a raw query's failure arrives as P2010 carrying them (the stores' direct statements, app/db/stores).
 */
const UNAVAILABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/**
 * What the drivers throw themselves for a direct statement (app/db/direct-sql.server.ts): node's
 * codes for a server out of reach, and SQLite still locked by another process past the retry budget.
 */
const UNAVAILABLE_DRIVER_CODE =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|SQLITE_BUSY\w*|SQLITE_TURN_TIMEOUT)$/;

/** The database could not serve the request in time, is unreachable, or kept conflicting: a retry later can succeed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (UNAVAILABLE_CODES.has(prismaErrorCode(error) ?? "")) return true;
  if (UNAVAILABLE_DRIVER_CODE.test(String((error as { code?: unknown } | null)?.code))) return true;
  if (UNAVAILABLE_ADAPTER_KINDS.has(String(adapterCause(error)?.kind))) return true;
  const state = sqlState(error);
  if (state !== undefined) return UNAVAILABLE_SQLSTATE.test(state);
  return error instanceof Error && PG_CONNECTION_MESSAGE.test(error.message);
}

/** A PostgreSQL transaction that lost to a concurrent one (deadlock, serialization failure): running it again may succeed. */
export function isTransactionConflict(error: unknown): boolean {
  if (prismaErrorCode(error) === "P2034") return true;
  const state = sqlState(error);
  return state !== undefined && CONFLICT_SQLSTATE.test(state);
}

/** The driver adapter's own account of an error, however Prisma wrapped it (a bare DriverAdapterError, or in `meta`). */
function adapterCause(error: unknown): { kind?: unknown; code?: unknown; originalCode?: unknown } | undefined {
  const adapterError = (error as { meta?: { driverAdapterError?: unknown } } | null)?.meta?.driverAdapterError ?? error;
  return (adapterError as { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } | null)?.cause;
}

/** The SQLSTATE of a PostgreSQL error, however Prisma wrapped it (a bare DriverAdapterError, or in `meta`), or the driver's own. */
function sqlState(error: unknown): string | undefined {
  const cause = adapterCause(error);
  if (cause?.kind === "sqlite") return undefined;
  // node-postgres' own DatabaseError, from a direct statement, carries it as `code` with a `severity`.
  const direct = error as { code?: unknown; severity?: unknown } | null;
  const code = cause?.code ?? cause?.originalCode ?? (typeof direct?.severity === "string" ? direct.code : undefined);
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
