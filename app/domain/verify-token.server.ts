import { randomBytes } from "node:crypto";

const TOKEN_BYTES = 16;
// Drawn 4 KiB at once, as randomUUID does: a batch of 500 cards asked the CSPRNG 500 times. Each byte is handed out once.
const TOKENS_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * The token naming an item's public verification page: 128 bits from the CSPRNG
 * as 32 lowercase hex characters. Not the id: ids made in the same millisecond
 * (a batch) differ by one, so one card's id would lead to its siblings'
 * (docs/decisions/0026-verification-page.md).
 */
export function newVerifyToken(): string {
  if (offset === pool.length) {
    pool = randomBytes(TOKEN_BYTES * TOKENS_PER_DRAW);
    offset = 0;
  }
  offset += TOKEN_BYTES;
  return pool.toString("hex", offset - TOKEN_BYTES, offset);
}

/** Whether `value` has the shape of a verification token. */
export const isVerifyToken = (value: string) => /^[0-9a-f]{32}$/.test(value);
