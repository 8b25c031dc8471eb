import type { ApiError } from "./backend";

// A Solana public key: base58 (no 0, O, I, l), 32 to 44 characters.
export const PUBLIC_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
// A universal name, as the app normalises it (trimmed, lower case).
export const UNIVERSAL_NAME = /^[a-z0-9._-]{3,32}$/;

/** Translation keys of the messages to show, by field; "" is the form as a whole. */
export type Problems = Partial<Record<string, string>>;

/** A failure no field explains: the session, the attempt limit, or anything else. */
export function formProblem(error: ApiError): Problems {
  if (error.status === 401) return { "": "errors.session_expired" };
  if (error.status === 429) return { "": "errors.rate_limited" };
  return { "": "errors.generic" };
}

/** The value of the field an input event came from. */
export const inputValue = (event: Event) => String((event.currentTarget as HTMLInputElement | null)?.value ?? "");
