import { randomBytes } from "node:crypto";
import { monotonicFactory } from "ulid";

const ulid = monotonicFactory();

export type IdPrefix = "card" | "red" | "uns" | "twin" | "key" | "ntf" | "idem" | "nft" | "evt" | "we" | "whd";

/**
 * Public identifiers: a type prefix and a ULID. ULIDs sort by creation time
 * (monotonic within a process), so list pagination can order by id alone.
 */
export const newId = (prefix: IdPrefix) => `${prefix}_${ulid()}`;

/** Whether `value` has the shape of an id of `prefix` (the body as cursors and lookups check it: 26 capitals and digits). */
export const isIdOf = (prefix: IdPrefix, value: string) => new RegExp(`^${prefix}_[0-9A-Z]{26}$`).test(value);

/**
 * The token naming an item's public verification page: 128 bits from the CSPRNG
 * as 32 lowercase hex characters. Not the id: ids made in the same millisecond
 * (a batch) differ by one, so one card's id would lead to its siblings'
 * (docs/decisions/0026-verification-page.md).
 */
export const newVerifyToken = () => randomBytes(16).toString("hex");

/** Whether `value` has the shape of a verification token. */
export const isVerifyToken = (value: string) => /^[0-9a-f]{32}$/.test(value);
