import { ports } from "./ports";

/*
 * GS1 Digital Link URIs of the app's items (GS1 Digital Link URI syntax 1.4): under the
 * shop's own domain through the app proxy, `https://<shop>/apps/twincards/01/<GTIN-14>/21/<serial>`.
 * Serials are GS1 AI 21, at most 20 characters of GS1's character set 82; the app's are
 * digits and lowercase hex only, so they need no percent-encoding
 * (docs/decisions/0063-physical-proof.md).
 */

/** AI 21 holds at most 20 characters. */
export const SERIAL_MAX_LENGTH = 20;

/** Whether `value` has the shape of a serial the app writes. */
export const isAppSerial = (value: string) => /^[0-9a-z]{1,20}$/.test(value);

/**
 * The serials an item may take, in order: its number in its edition (as it is printed, "12"), then the first
 * 20 hex digits of its verification token (80 random bits) when it has no number or another item of
 * the GTIN already holds that number (two editions of one product).
 */
export function serialCandidates(item: { serialNumber: number | null; verifyToken: string }): string[] {
  const fromToken = item.verifyToken.slice(0, SERIAL_MAX_LENGTH);
  return item.serialNumber === null ? [fromToken] : [String(item.serialNumber), fromToken];
}

/** The Digital Link path of an item: `/01/<GTIN-14>/21/<serial>`. */
export const digitalLinkPath = (gtin14: string, serial: string) => `/01/${gtin14}/21/${serial}`;

/** The item's GS1 Digital Link URI on the shop's domain. */
export const digitalLinkOf = (shop: string, gtin14: string, serial: string) =>
  `https://${shop}${ports().urls.proxyPath()}${digitalLinkPath(gtin14, serial)}`;
