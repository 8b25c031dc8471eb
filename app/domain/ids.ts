import { monotonicFactory } from "ulid";

const ulid = monotonicFactory();

export type IdPrefix = "card" | "red" | "uns" | "twin" | "key" | "ntf" | "idem" | "nft";

/**
 * Public identifiers: a type prefix and a ULID. ULIDs sort by creation time
 * (monotonic within a process), so list pagination can order by id alone.
 */
export const newId = (prefix: IdPrefix) => `${prefix}_${ulid()}`;
