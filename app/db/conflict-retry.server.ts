import { retrying } from "../lib/retry";
import { isTransactionConflict } from "./errors.server";

/** How long a transaction keeps being run again while PostgreSQL reports it lost to a concurrent one. */
export const CONFLICT_RETRY_MS = 10_000;
const MAX_BACKOFF_MS = 100;

/**
 * Runs a whole transaction again after a deadlock or serialization failure
 * (PostgreSQL rolled it back, so nothing of it was written), with jittered
 * backoff, for at most `budgetMs`: PostgreSQL's counterpart of the SQLite
 * adapter's retry while the file is busy. SQLite never reports these.
 */
export const retryOnConflict = <T>(run: () => Promise<T>, budgetMs = CONFLICT_RETRY_MS): Promise<T> =>
  retrying(run, { retryable: isTransactionConflict, budgetMs, firstBackoffMs: 2, maxBackoffMs: MAX_BACKOFF_MS });
