/*
 * GTINs as Shopify keeps them in ProductVariant.barcode: a GTIN-8, -12 (UPC-A), -13 (EAN)
 * or -14 whose last digit is GS1's mod-10 check digit. Anything else (a SKU, a typo, spaces
 * or letters) is reported as it is, never corrected (docs/decisions/0063-physical-proof.md).
 */

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Why a barcode is not a GTIN. */
export type GtinProblem = "characters" | "length" | "check_digit";

export type GtinCheck = { ok: true; gtin14: string } | { ok: false; problem: GtinProblem };

/** GS1's check digit of `digits` (every digit but the check digit): weights 3, 1, 3… from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Whether `barcode` is a GTIN, and then as the 14 digits GS1 Digital Link writes (left-padded with zeros). */
export function checkGtin(barcode: string): GtinCheck {
  if (!/^\d+$/.test(barcode)) return { ok: false, problem: "characters" };
  if (!(GTIN_LENGTHS as readonly number[]).includes(barcode.length)) return { ok: false, problem: "length" };
  if (gs1CheckDigit(barcode.slice(0, -1)) !== Number(barcode.at(-1))) return { ok: false, problem: "check_digit" };
  return { ok: true, gtin14: barcode.padStart(14, "0") };
}

/** The GTIN-14 of a barcode, or null when it is none. */
export const gtin14Of = (barcode: string | null): string | null => {
  if (barcode === null) return null;
  const checked = checkGtin(barcode);
  return checked.ok ? checked.gtin14 : null;
};
