import { createHash } from "node:crypto";
import { conflict } from "./errors";
import { newId } from "./ids";
import { stores, type IdempotencyRecordRow } from "./stores";

const RETENTION_MS = 24 * 3600_000;
// Two requests can each see the other's commit between a read and a write; a third time is not a race but a fault.
const MAX_ROUNDS = 3;

export interface StoredResponse {
  status: number;
  body: string;
}

/** `keep: false` for outcomes a retry may change (server errors, rate limits): they are not stored. */
export type WorkResult = StoredResponse & { keep: boolean };

export const requestFingerprint = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex");

/**
 * Runs `work` at most once per (shop, mode, key) — also across a crash (decision 0019):
 * a test key's Idempotency-Keys are apart from the live ones (decision 0036).
 * A success is stored in the same transaction as the work, so the work and its
 * stored response commit together or not at all; `work` must write only
 * through `transaction()`, which joins this one. A failure is rolled back whole
 * (nothing it wrote stays) and then stored on its own when `keep`, so a retry
 * replays it. A repeat with the same fingerprint within 24 h gets the stored
 * response; another fingerprint is a CONFLICT. `admit` runs once, outside the
 * transaction, before the work (a rate limit that must count even when the work
 * rolls back); a replay does not run it.
 */
export async function once<T extends WorkResult>(
  scope: IdempotencyScope,
  key: string,
  fingerprint: string,
  work: () => Promise<T>,
  admit: () => Promise<void> = async () => undefined,
): Promise<(T & { replayed: false }) | (StoredResponse & { replayed: true })> {
  await purgeExpired(Date.now());
  let admitted = false;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const stored = await storedResponse(scope, key, fingerprint);
    if (stored) return { ...stored, replayed: true };
    if (!admitted) {
      await admit();
      admitted = true;
    }
    try {
      const result = await runAndStore(scope, key, fingerprint, work);
      return { ...result, replayed: false };
    } catch (error) {
      // Another request with this key committed first: replay what it stored (next round).
      if (!stores().isUniqueViolation(error)) throw error;
    }
  }
  throw conflict("Requests with this Idempotency-Key keep racing; retry", [{ path: "Idempotency-Key", message: "In use" }]);
}

/** Thrown inside the transaction to roll back a failed outcome while keeping it for the caller. */
class RolledBack<T> {
  constructor(readonly result: T) {}
}

/** Whose keys: a shop's, live or test. */
export interface IdempotencyScope {
  shop: string;
  livemode: boolean;
}

async function runAndStore<T extends WorkResult>(
  { shop, livemode }: IdempotencyScope,
  key: string,
  fingerprint: string,
  work: () => Promise<T>,
): Promise<T> {
  let failed: T;
  try {
    return await stores().transaction(async () => {
      // Claims the key first: on PostgreSQL a concurrent twin waits here for this commit instead of doing the work too.
      const record = await stores().idempotency.create({ id: newId("idem"), shop, livemode, key, requestHash: fingerprint });
      const result = await work();
      if (!succeeded(result)) throw new RolledBack(result);
      await stores().idempotency.saveResponse(record.id, result);
      return result;
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    failed = error.result as T;
  }
  if (failed.keep) {
    await stores().idempotency.create({
      id: newId("idem"),
      shop,
      livemode,
      key,
      requestHash: fingerprint,
      status: failed.status,
      body: failed.body,
    });
  }
  return failed;
}

const succeeded = (result: WorkResult) => result.keep && result.status < 300;

/**
 * The stored response for this key, CONFLICT for another fingerprint, or null
 * when the key is free. Expired records, and records without a response (left
 * by versions that stored it after the work), free their key.
 */
async function storedResponse({ shop, livemode }: IdempotencyScope, key: string, fingerprint: string): Promise<StoredResponse | null> {
  const existing = await stores().idempotency.find(shop, livemode, key);
  if (!existing) return null;
  if (!isReplayable(existing)) {
    await stores().idempotency.forget(existing.id, existing.createdAt);
    return null;
  }
  if (existing.requestHash !== fingerprint) {
    throw conflict("This Idempotency-Key was already used with a different request", [
      { path: "Idempotency-Key", message: "Reused with a different body" },
    ]);
  }
  return { status: existing.status, body: existing.body };
}

const isReplayable = (record: IdempotencyRecordRow): record is IdempotencyRecordRow & StoredResponse =>
  record.status !== null && record.body !== null && Date.now() - record.createdAt.getTime() <= RETENTION_MS;

// Stored responses can hold redemption codes: forget them once they can no
// longer be replayed. At most once an hour per process, on the write path.
const PURGE_EVERY_MS = 3600_000;
let lastPurge = 0;

async function purgeExpired(now: number) {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  await stores().idempotency.purgeCreatedBefore(new Date(now - RETENTION_MS));
}
