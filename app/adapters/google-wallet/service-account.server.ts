import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ConfigProblem } from "~/domain/ports";

/*
 * Google Wallet's issuer and service account, from the environment
 * (docs/configuration.md, decision 0048): the issuer id of the Google Pay &
 * Wallet Console and the JSON key of a service account allowed to issue for it,
 * as JSON text or the path of the JSON file. Checked once at start: anything
 * incomplete or unusable turns Google Wallet off with one line, never stops the server.
 */

export const GOOGLE_WALLET_VARIABLES = ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT"] as const;
export type GoogleWalletVariable = (typeof GOOGLE_WALLET_VARIABLES)[number];

export interface GoogleWalletEnv {
  GOOGLE_WALLET_ISSUER_ID?: string;
  GOOGLE_WALLET_SERVICE_ACCOUNT?: string;
  /** The local stand-in (stubs/google-wallet) in tests and the demo; production never sets them. */
  GOOGLE_WALLET_API_URL?: string;
  GOOGLE_OAUTH_TOKEN_URL?: string;
}

export interface GoogleWalletAccount {
  issuerId: string;
  /** The service account's e-mail: the save link's `iss`, the token assertion's `iss`. */
  email: string;
  keyId: string;
  key: KeyObject;
  /** https://oauth2.googleapis.com/token, or the stand-in's. */
  tokenUrl: string;
  /** https://walletobjects.googleapis.com, or the stand-in's. */
  apiUrl: string;
}

export type GoogleWalletAccountSetup =
  { account: GoogleWalletAccount } | { account: undefined; missing: GoogleWalletVariable[]; problem: ConfigProblem | null };

/** Each reason Google Wallet is off, in English (the start-up line); the admin says them in its own words under the same keys. */
const PROBLEMS = {
  issuerIdFormat: "GOOGLE_WALLET_ISSUER_ID must be the issuer id of the Google Pay & Wallet Console (digits only)",
  keyUnreadable: "GOOGLE_WALLET_SERVICE_ACCOUNT is neither a service account's JSON key nor the path of a readable JSON key file",
  notServiceAccount: "GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key (type, client_email and private_key are required)",
  privateKeyUnreadable: "GOOGLE_WALLET_SERVICE_ACCOUNT's private_key is not a readable PEM key",
  privateKeyNotRsa: "GOOGLE_WALLET_SERVICE_ACCOUNT's private_key must be an RSA key (RS256)",
} as const;
type GoogleProblemKey = keyof typeof PROBLEMS;

export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_WALLET_API_URL = "https://walletobjects.googleapis.com";

interface ServiceAccountKey {
  type?: unknown;
  client_email?: unknown;
  private_key?: unknown;
  private_key_id?: unknown;
}

/** Reads and checks the issuer and the service account's key; never throws. */
export function readGoogleWallet(env: GoogleWalletEnv): GoogleWalletAccountSetup {
  const issuerId = env.GOOGLE_WALLET_ISSUER_ID?.trim() ?? "";
  const keyText = env.GOOGLE_WALLET_SERVICE_ACCOUNT?.trim() ?? "";
  const missing = GOOGLE_WALLET_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length === 2) return { account: undefined, missing, problem: null };
  const off = (key: GoogleProblemKey | null) => ({
    account: undefined,
    missing,
    problem: key === null ? null : { key, values: {}, text: PROBLEMS[key] },
  });
  if (issuerId && !/^\d{10,25}$/.test(issuerId)) return off("issuerIdFormat");
  if (!keyText) return off(null);
  let json: ServiceAccountKey;
  try {
    json = JSON.parse(keyText.startsWith("{") ? keyText : readFileSync(keyText, "utf8")) as ServiceAccountKey;
  } catch {
    return off("keyUnreadable");
  }
  if (json.type !== "service_account" || typeof json.client_email !== "string" || typeof json.private_key !== "string")
    return off("notServiceAccount");
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: json.private_key.replace(/\\n/g, "\n"), format: "pem" });
  } catch {
    return off("privateKeyUnreadable");
  }
  if (key.asymmetricKeyType !== "rsa") return off("privateKeyNotRsa");
  if (!issuerId) return off(null);
  return {
    account: {
      issuerId,
      email: json.client_email,
      keyId: typeof json.private_key_id === "string" ? json.private_key_id : "",
      key,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL?.trim() || GOOGLE_TOKEN_URL,
      apiUrl: (env.GOOGLE_WALLET_API_URL?.trim() || GOOGLE_WALLET_API_URL).replace(/\/+$/, ""),
    },
  };
}

/** The start-up line: on, or why off; nothing when none of the variables is set. */
export function googleWalletNotice(setup: GoogleWalletAccountSetup): string | null {
  if (setup.account) return `Google Wallet on: issuer ${setup.account.issuerId}, service account ${setup.account.email}`;
  if (setup.problem) return `Google Wallet off: ${setup.problem.text} (docs/configuration.md)`;
  if (setup.missing.length === 1) return `Google Wallet off: ${setup.missing[0]} is not set (docs/configuration.md)`;
  return null;
}
