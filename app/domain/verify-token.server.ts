import { randomBytes } from "node:crypto";

/**
 * The token naming an item's public verification page: 128 bits from the CSPRNG
 * as 32 lowercase hex characters. Not the id: ids made in the same millisecond
 * (a batch) differ by one, so one card's id would lead to its siblings'
 * (docs/decisions/0026-verification-page.md).
 */
export const newVerifyToken = () => randomBytes(16).toString("hex");

/** Whether `value` has the shape of a verification token. */
export const isVerifyToken = (value: string) => /^[0-9a-f]{32}$/.test(value);
