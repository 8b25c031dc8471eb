import { PICC_DATA_BYTES, SDM_MAC_BYTES, UID_BYTES } from "./sun-message";

/*
 * What people and tags hand the app, read strictly: a tap's two query parameters, a tag's
 * UID as tag readers print it, a master key. Nothing is guessed from a malformed value.
 */

/** A tap's SDM parameters, decoded. */
export interface TapQuery {
  piccData: Buffer;
  cmac: Buffer;
}

export type TapField = "picc_data" | "cmac";
export interface TapQueryProblem {
  field: TapField;
  problem: "missing" | "repeated" | "not_hex" | "length";
}

const FIELDS: Record<TapField, number> = { picc_data: PICC_DATA_BYTES, cmac: SDM_MAC_BYTES };

/**
 * `picc_data` (32 hex digits) and `cmac` (16 hex digits) of a tap's URL, in either case, each given
 * once (`values` gives every value a field has: a repeated one is ambiguous); the first problem otherwise.
 */
export function parseTapQuery(values: (field: TapField) => string[]): TapQuery | TapQueryProblem {
  const decoded: Partial<Record<TapField, Buffer>> = {};
  for (const [field, bytes] of Object.entries(FIELDS) as [TapField, number][]) {
    const given = values(field);
    if (given.length > 1) return { field, problem: "repeated" };
    const value = given[0];
    if (value === undefined || value === "") return { field, problem: "missing" };
    if (!/^[0-9a-fA-F]*$/.test(value)) return { field, problem: "not_hex" };
    if (value.length !== bytes * 2) return { field, problem: "length" };
    decoded[field] = Buffer.from(value, "hex");
  }
  return { piccData: decoded.picc_data!, cmac: decoded.cmac! };
}

export const isTapQueryProblem = (value: TapQuery | TapQueryProblem): value is TapQueryProblem => "problem" in value;

/** A tag's UID as readers print it (`04A1B2C3D4E5F6`, `04:A1:B2:…`, `04 a1 b2 …`) as 14 upper-case hex digits; null if it is not 7 bytes of hex. */
export function parseTagUid(text: string): string | null {
  const compact = text.trim().replace(/[\s:-]/g, "");
  return new RegExp(`^[0-9a-fA-F]{${UID_BYTES * 2}}$`).test(compact) ? compact.toUpperCase() : null;
}

/** A master key as 32 hex digits (spaces allowed between them); null otherwise. */
export function parseMasterKey(text: string): Buffer | null {
  const compact = text.replace(/\s/g, "");
  return /^[0-9a-fA-F]{32}$/.test(compact) ? Buffer.from(compact, "hex") : null;
}
