import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PassSigningSetup } from "../wallet-passes/signing-material.server";

/*
 * APNs token authentication for pass updates (decision 0047): the key id and
 * the .p8 key of the Apple Developer account; the team id and the topic (the pass
 * type id) are item 1's APPLE_TEAM_ID and APPLE_PASS_TYPE_ID. Checked once at
 * start; missing or wrong, passes still work but do not update, with one line.
 */

export const APNS_VARIABLES = ["APNS_KEY_ID", "APNS_KEY"] as const;

export interface ApnsEnv {
  APNS_KEY_ID?: string;
  APNS_KEY?: string;
  APNS_BASE_URL?: string;
}

export interface ApnsAuth {
  keyId: string;
  teamId: string;
  topic: string;
  key: KeyObject;
  /** https://api.push.apple.com; the local stand-in's URL in tests and the demo. */
  baseUrl: string;
}

export type ApnsSetup = { auth: ApnsAuth } | { auth: undefined; problem: string | null };

export const APPLE_PUSH_URL = "https://api.push.apple.com";

/** Reads and checks the APNs key; never throws. */
export function readApnsAuth(env: ApnsEnv, signing: PassSigningSetup): ApnsSetup {
  const keyId = env.APNS_KEY_ID?.trim();
  const keyText = env.APNS_KEY?.trim();
  if (!keyId && !keyText) return { auth: undefined, problem: null };
  if (!keyId || !keyText) return { auth: undefined, problem: `${keyId ? "APNS_KEY" : "APNS_KEY_ID"} is required with the other` };
  if (!signing.signing) return { auth: undefined, problem: "Apple Wallet passes are off, so there is nothing to update" };
  if (!/^[A-Z0-9]{10}$/.test(keyId)) return { auth: undefined, problem: "APNS_KEY_ID must be the 10-character key id, e.g. AB12CD34EF" };
  let key: KeyObject;
  try {
    const pem = keyText.includes("-----BEGIN") ? keyText.replace(/\\n/g, "\n") : readFileSync(keyText, "utf8");
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    return { auth: undefined, problem: "APNS_KEY is neither the .p8 key's PEM text nor the path of a readable .p8 file" };
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1")
    return { auth: undefined, problem: "APNS_KEY must be the P-256 (.p8) key Apple issues for APNs" };
  const { passTypeIdentifier: topic, teamIdentifier: teamId } = signing.signing;
  return { auth: { keyId, teamId, topic, key, baseUrl: env.APNS_BASE_URL?.trim() || APPLE_PUSH_URL } };
}

/** The start-up line: updates on, or why not; nothing when passes are off and no APNs variable is set. */
export function apnsNotice(setup: ApnsSetup, signing: PassSigningSetup): string | null {
  if (setup.auth) return `Apple Wallet pass updates on: APNs key ${setup.auth.keyId}`;
  if (setup.problem) return `Apple Wallet pass updates off: ${setup.problem} (docs/configuration.md)`;
  return signing.signing ? "Apple Wallet pass updates off: set APNS_KEY_ID and APNS_KEY to update passes (docs/configuration.md)" : null;
}
