/** The header every webhook delivery is signed in. */
export const SIGNATURE_HEADER = "Twin-Cards-Signature";

/** How far a delivery's timestamp may be from now, by default: the 300 s of the receiver example in docs/webhooks.md. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyOptions {
  /** Refuse a signature whose timestamp is further than this from now (replays); default 300. */
  toleranceSeconds?: number;
  /** The time to compare with, in milliseconds since 1970; default now. */
  now?: number;
}

/**
 * Whether a webhook request really comes from Twin Cards: `header` is its
 * Twin-Cards-Signature, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the endpoint's `whsec_…` secret. `rawBody` must be the body exactly
 * as received (bytes, or their text): parsed and re-serialised JSON will not match.
 * A timestamp further than `toleranceSeconds` from now is refused.
 *
 * Uses Web Crypto (Node 20+, Deno, Bun, browsers, edge runtimes); signatures
 * are compared in constant time.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<boolean> {
  const parsed = parseSignatureHeader(typeof header === "string" ? header : (header ?? []).join(","));
  if (!parsed || !secret) return false;
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs((options.now ?? Date.now()) / 1000 - parsed.timestamp) > tolerance) return false;

  const encoder = new TextEncoder();
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  const prefix = encoder.encode(`${parsed.timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const key = await globalThis.crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, signed));
  // More than one v1 may come (e.g. while a secret is rolled): any one that matches will do.
  return parsed.signatures.some((signature) => equalInConstantTime(signature, expected));
}

/** Every byte compared whatever differs first, so the time taken tells nothing about how much matched. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

/** `t` and every well-formed `v1` of the header (64 hex digits each), or null when either is missing. */
function parseSignatureHeader(header: string): { timestamp: number; signatures: Uint8Array[] } | null {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (name === "t" && timestamp === undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === "v1" && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(hexBytes(value));
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}
