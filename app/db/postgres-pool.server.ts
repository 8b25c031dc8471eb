import pg from "pg";
import { withoutPoolerParameter } from "./database-url";
import { CONNECT_TIMEOUT_MS } from "./postgres-connect.server";

export interface PostgresPoolOptions {
  /** Most connections the pool opens (node-postgres' default: 10). */
  max?: number;
  log?: Pick<Console, "warn">;
}

/** How often, at most, lost connections are reported (a restart drops every one at once). */
const LOST_REPORT_EVERY_MS = 5_000;

/**
 * The pool every statement of a process goes through (Prisma's adapter and the
 * direct statements), made so that no connection error can end the process.
 *
 * node-postgres emits a connection's error as an `'error'` event when no query
 * is running on it, and an `'error'` event without a listener ends the process.
 * The pool listens while a connection is idle and the one who checked it out is
 * meant to listen while it is in use; but pg-pool hands a released connection
 * to the next waiter synchronously, inside the handler of the ReadyForQuery that
 * finished the previous query, and a waiter that asked with `await pool.connect()`
 * (Prisma's adapter starting a transaction) attaches its listener only when its
 * promise resumes. PostgreSQL shutting down sends its FATAL 57P01 right behind
 * that ReadyForQuery, so it is parsed in the same read, in that gap: the process
 * died in 6 of 8 restarts under load (issue 24).
 *
 * So every connection gets a listener of its own the moment it connects (the
 * pool's `connect` event, emitted before anyone can check it out) that lasts as
 * long as it does. The connection's error still reaches whoever uses it next (a
 * broken connection refuses queries, and the pool drops it on release), so
 * requests meanwhile answer 503 UNAVAILABLE and the pool opens new connections.
 */
export function postgresPool(url: string, options: PostgresPoolOptions = {}): pg.Pool {
  // allowExitOnIdle: idle pooled connections do not keep a finished CLI (api-key:create) alive for 10 s.
  const pool = new pg.Pool({
    connectionString: withoutPoolerParameter(url),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    allowExitOnIdle: true,
    max: options.max,
  });
  const report = lostConnectionReporter(options.log ?? console);
  pool.on("connect", (client) => client.on("error", report));
  // The pool re-emits an idle connection's error; the listener above has reported it already.
  pool.on("error", () => undefined);
  return pool;
}

/** One warning for the first lost connection, then at most one every LOST_REPORT_EVERY_MS with how many were lost meanwhile. */
function lostConnectionReporter(log: Pick<Console, "warn">) {
  let lastReport = 0;
  let unreported = 0;
  return (error: Error & { code?: string }) => {
    unreported++;
    const now = Date.now();
    if (now - lastReport < LOST_REPORT_EVERY_MS) return;
    const code = error.code ? `${error.code} ` : "";
    log.warn(
      `PostgreSQL connection lost (${code}${error.message}); ${unreported} since the last report; new connections are opened as needed`,
    );
    lastReport = now;
    unreported = 0;
  };
}
