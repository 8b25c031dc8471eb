import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";

/*
 * Sign In With Solana (Phantom's SIWS, the Wallet Standard's `solana:signIn`), derived from
 * EIP-4361 (decision 0072). The message a wallet shows and signs:
 *
 *   <domain> wants you to sign in with your Solana account:
 *   <address>
 *
 *   <statement>
 *
 *   URI: <uri>
 *   Version: 1
 *   Chain ID: <chain id>
 *   Nonce: <nonce>
 *   Issued At: <ISO 8601>
 *   Expiration Time: <ISO 8601>
 *
 * The same text whether the page asks `solana:signIn` (the wallet writes it from these fields)
 * or `solana:signMessage` (the page sends it written). Pure: no store, no clock but the one given.
 */

/** The fields of a sign-in request, as the server issues them and the wallet receives them (`SolanaSignInInput`). */
export interface SignInFields {
  domain: string;
  address: string;
  /** One line: a wallet shows it as the request's sentence. */
  statement: string;
  uri: string;
  version: "1";
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

/** The message of `fields`, in the format `solana:signIn` wallets write (@solana/wallet-standard-util's createSignInMessageText). */
export function signInMessage(fields: SignInFields): string {
  const head = `${fields.domain} wants you to sign in with your Solana account:\n${fields.address}`;
  const statement = fields.statement ? `\n\n${fields.statement}` : "";
  const lines = [
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expirationTime}`,
  ];
  return `${head}${statement}\n\n${lines.join("\n")}`;
}

const LABELS = {
  "URI: ": "uri",
  "Version: ": "version",
  "Chain ID: ": "chainId",
  "Nonce: ": "nonce",
  "Issued At: ": "issuedAt",
  "Expiration Time: ": "expirationTime",
  "Not Before: ": "notBefore",
  "Request ID: ": "requestId",
} as const;

export type ParsedSignIn = Partial<Omit<SignInFields, "version">> & {
  version?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
};

/** The fields a signed sign-in message states, or null when it is not one (a wallet may add fields the server did not ask for). */
export function parseSignInMessage(message: string): ParsedSignIn | null {
  const match =
    /^(?<domain>[^\s\n]+) wants you to sign in with your Solana account:\n(?<address>[1-9A-HJ-NP-Za-km-z]{32,44})(?<rest>[\s\S]*)$/.exec(
      message,
    );
  if (!match?.groups) return null;
  const parsed: ParsedSignIn = { domain: match.groups.domain!, address: match.groups.address! };
  let rest = match.groups.rest!;
  // A statement is one line between two blank lines, before the fields.
  const statement = /^\n\n(?!URI: |Version: |Chain ID: |Nonce: |Issued At: )([^\n]+)(?=\n\n|$)/.exec(rest);
  if (statement) {
    parsed.statement = statement[1]!;
    rest = rest.slice(statement[0].length);
  }
  if (rest === "") return parsed;
  if (!rest.startsWith("\n\n")) return null;
  const lines = rest.slice(2).split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === "Resources:") {
      const resources = lines.slice(index + 1);
      if (!resources.every((resource) => resource.startsWith("- "))) return null;
      parsed.resources = resources.map((resource) => resource.slice(2));
      break;
    }
    const label = (Object.keys(LABELS) as (keyof typeof LABELS)[]).find((prefix) => line.startsWith(prefix));
    if (!label || parsed[LABELS[label]] !== undefined) return null;
    parsed[LABELS[label]] = line.slice(label.length);
  }
  return parsed;
}

export type SignInRefusal = "USED" | "EXPIRED" | "NOT_SIGN_IN" | "FIELDS_DIFFER" | "BAD_SIGNATURE";

/** What the server knows of a request it issued besides its fields: whether it was used, and the time now. */
export interface SignInState {
  used: boolean;
  now: Date;
}

/**
 * Whether `signedMessage` answers `issued`: not used before, not expired (its Expiration Time is
 * after `now`), a sign-in stating exactly the fields the server issued (nothing more, nothing
 * other), signed by `issued.address`'s ed25519 key. null when it does, else the first reason not.
 */
export function checkSignIn(
  issued: SignInFields,
  signedMessage: Uint8Array,
  signature: Uint8Array,
  { used, now }: SignInState,
): SignInRefusal | null {
  if (used) return "USED";
  if (!(Date.parse(issued.expirationTime) > now.getTime())) return "EXPIRED";
  const parsed = parseSignInMessage(new TextDecoder("utf-8", { fatal: false }).decode(signedMessage));
  if (!parsed) return "NOT_SIGN_IN";
  const keys = new Set([...Object.keys(parsed), ...Object.keys(issued)]);
  for (const key of keys) {
    if ((parsed as Record<string, unknown>)[key] !== (issued as unknown as Record<string, unknown>)[key]) return "FIELDS_DIFFER";
  }
  return signedBy(issued.address, signedMessage, signature) ? null : "BAD_SIGNATURE";
}

/** Whether `signature` is the ed25519 signature of `message` by the Solana address `address`. */
export function signedBy(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    return ed25519.verify(signature, message, bs58.decode(address));
  } catch {
    return false;
  }
}
