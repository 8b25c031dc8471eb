import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import { db } from "~/db.server";
import { conflict } from "./errors";
import { newId } from "./ids";

const RETENTION_MS = 24 * 3600_000;
// A first request that has not finished after this long is taken to have died.
const ABANDONED_AFTER_MS = 5 * 60_000;

export interface StoredResponse {
  status: number;
  body: string;
}

/** `keep: false` for outcomes a retry may change (server errors, rate limits): they are not replayed. */
export type WorkResult = StoredResponse & { keep: boolean };

export const requestFingerprint = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex");

/**
 * Runs `work` once per (shop, key). A repeat with the same fingerprint within
 * 24 h gets the stored response; another fingerprint, or a repeat while the
 * first is still running, is a CONFLICT. Outcomes marked `keep: false` are
 * forgotten, so the client can retry them with the same key.
 */
export async function once<T extends WorkResult>(
  shop: string,
  key: string,
  fingerprint: string,
  work: () => Promise<T>,
): Promise<(T & { replayed: false }) | (StoredResponse & { replayed: true })> {
  const reserved = await reserve(shop, key, fingerprint);
  if ("stored" in reserved) return { ...reserved.stored, replayed: true };
  let result: T | undefined;
  try {
    result = await work();
    return { ...result, replayed: false };
  } finally {
    if (result?.keep) {
      await db.idempotencyRecord.update({ where: { id: reserved.id }, data: { status: result.status, body: result.body } });
    } else {
      await db.idempotencyRecord.delete({ where: { id: reserved.id } });
    }
  }
}

// Stored responses can hold redemption codes: forget them once they can no
// longer be replayed. At most once an hour per process, on the write path.
const PURGE_EVERY_MS = 3600_000;
let lastPurge = 0;

async function purgeExpired(now: number) {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(now - RETENTION_MS) } } });
}

async function reserve(shop: string, key: string, fingerprint: string): Promise<{ id: string } | { stored: StoredResponse }> {
  await purgeExpired(Date.now());
  for (;;) {
    const existing = await db.idempotencyRecord.findUnique({ where: { shop_key: { shop, key } } });
    const age = existing ? Date.now() - existing.createdAt.getTime() : 0;
    const stale = existing && (age > RETENTION_MS || (existing.status === null && age > ABANDONED_AFTER_MS));
    if (existing && !stale) {
      if (existing.requestHash !== fingerprint) {
        throw conflict("This Idempotency-Key was already used with a different request", [
          { path: "Idempotency-Key", message: "Reused with a different body" },
        ]);
      }
      if (existing.status === null || existing.body === null) {
        throw conflict("A request with this Idempotency-Key is still in progress", [
          { path: "Idempotency-Key", message: "In progress" },
        ]);
      }
      return { stored: { status: existing.status, body: existing.body } };
    }
    if (existing) await db.idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
    try {
      const row = await db.idempotencyRecord.create({ data: { id: newId("idem"), shop, key, requestHash: fingerprint } });
      return { id: row.id };
    } catch (error) {
      // Someone else reserved the key between our read and our write: look again.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }
  }
}
