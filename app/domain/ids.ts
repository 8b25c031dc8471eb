import { monotonicFactory } from "ulid";

const ulid = monotonicFactory();

export type IdPrefix =
  | "card"
  | "red"
  | "uns"
  | "twin"
  | "key"
  | "ntf"
  | "idem"
  | "nft"
  | "evt"
  | "we"
  | "whd"
  | "rule"
  | "owh"
  | "iss"
  | "wch"
  | "gft"
  | "wpr"
  | "wpp"
  | "gwu"
  | "bfl"
  | "ftr"
  | "tag";

/**
 * Public identifiers: a type prefix and a ULID. ULIDs sort by creation time
 * (monotonic within a process), so list pagination can order by id alone.
 */
export const newId = (prefix: IdPrefix) => `${prefix}_${ulid()}`;

/** Whether `value` has the shape of an id of `prefix` (the body as cursors and lookups check it: 26 capitals and digits). */
export const isIdOf = (prefix: IdPrefix, value: string) => new RegExp(`^${prefix}_[0-9A-Z]{26}$`).test(value);
