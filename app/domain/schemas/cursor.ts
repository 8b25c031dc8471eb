/**
 * List cursors: base64url (no padding) of the last id of a page, e.g. `card_` or `twin_`
 * and 26 characters of 0-9 A-Z. The exact shape is also a regular expression for the
 * OpenAPI document, built from the bytes rather than written by hand: each base64
 * character mixes bits of two bytes.
 */

import { isIdOf, type IdPrefix } from "../ids";

/** The cursor that continues a list after the row with this id. */
export const encodeCursor = (id: string) => Buffer.from(id).toString("base64url");

/** The id a cursor of `prefix` ids stands for, or undefined for anything this API did not hand out. */
export function decodeCursor(cursor: string, prefix: IdPrefix): string | undefined {
  const id = Buffer.from(cursor, "base64url").toString();
  // Re-encoding catches what base64url decoding skips over (stray characters, padding).
  return isIdOf(prefix, id) && encodeCursor(id) === cursor ? id : undefined;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ID_BYTES = [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((char) => char.charCodeAt(0));

/** A character class of 6-bit values, with runs written as ranges. */
function charClass(values: Iterable<number>): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const escape = (value: number) => (ALPHABET[value] === "-" ? "\\-" : ALPHABET[value]!);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    // A run only within one of A-Z, a-z, 0-9: ranges never cross into another block.
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1 && sameBlock(sorted[end]!, sorted[end + 1]!)) end++;
    parts.push(
      end - start >= 2
        ? `${escape(sorted[start]!)}-${escape(sorted[end]!)}`
        : sorted
            .slice(start, end + 1)
            .map(escape)
            .join(""),
    );
    start = end + 1;
  }
  return parts.length === 1 && sorted.length === 1 ? parts[0]! : `[${parts.join("")}]`;
}
const block = (value: number) => (value < 26 ? 0 : value < 52 ? 1 : value < 62 ? 2 : value);
const sameBlock = (a: number, b: number) => block(a) === block(b);

const alternatives = (options: string[]) => (options.length === 1 ? options[0]! : `(?:${options.join("|")})`);
const groupBy = <T>(items: T[], key: (item: T) => number) => {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/**
 * Base64 of three bytes, each from its own set: characters c0..c3 take bits
 * b0[7:2] | b0[1:0]+b1[7:4] | b1[3:0]+b2[7:6] | b2[5:0]. Splitting on b1's high
 * nibble makes the left pair depend on b0 only and the right pair on b1, b2 only.
 * A missing third (and second) byte gives the shorter unpadded forms.
 */
function group(first: number[], second?: number[], third?: number[]): string {
  const leftPair = (highNibble: number) =>
    alternatives(
      [...groupBy(first, (byte) => byte & 3)].map(
        ([low, bytes]) => charClass(bytes.map((byte) => byte >> 2)) + ALPHABET[(low << 4) | highNibble],
      ),
    );
  if (!second)
    return alternatives(
      [...groupBy(first, (byte) => byte & 3)].map(([low, bytes]) => charClass(bytes.map((byte) => byte >> 2)) + ALPHABET[low << 4]),
    );
  return alternatives(
    [...groupBy(second, (byte) => byte >> 4)].map(([highNibble, middles]) => {
      if (!third) return leftPair(highNibble) + charClass(middles.map((byte) => (byte & 15) << 2));
      const rightPair = alternatives(
        [...groupBy(third, (byte) => byte >> 6)].map(
          ([top, lasts]) => charClass(middles.map((byte) => ((byte & 15) << 2) | top)) + charClass(lasts.map((byte) => byte & 63)),
        ),
      );
      return leftPair(highNibble) + rightPair;
    }),
  );
}

function cursorPattern(prefix: string): string {
  const bytes = [...`${prefix}_`].map((char) => [char.charCodeAt(0)]).concat(Array.from({ length: 26 }, () => ID_BYTES));
  const groups: string[] = [];
  for (let index = 0; index < bytes.length; index += 3) groups.push(group(bytes[index]!, bytes[index + 1], bytes[index + 2]));
  return `^(?:${groups.join("")})?$`;
}

export const CARD_CURSOR_PATTERN = cursorPattern("card");
export const TWIN_CURSOR_PATTERN = cursorPattern("twin");
export const EVENT_CURSOR_PATTERN = cursorPattern("evt");
export const DELIVERY_CURSOR_PATTERN = cursorPattern("whd");
