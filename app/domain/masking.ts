import { parsePhoneNumberFromString } from "libphonenumber-js";

/** `+14155554567` → `+1******4567`: the country code and the last four digits stay. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 2);
  const rest = e164.slice(country.length);
  const keep = Math.min(4, rest.length);
  return country + "*".repeat(rest.length - keep) + rest.slice(rest.length - keep);
}

/** `jane@example.com` → `j***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * `janedoe` → `ja***e`: a universal name on a public page, recognisable to its
 * holder, not spelled out to anyone else. Always three stars, so the length
 * does not show; names of 3–4 characters keep only their first.
 */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= 4 ? `${chars[0] ?? ""}***` : `${chars.slice(0, 2).join("")}***${chars.at(-1)}`;
}
