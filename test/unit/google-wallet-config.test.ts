import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  GOOGLE_TOKEN_URL,
  GOOGLE_WALLET_API_URL,
  googleWalletNotice,
  readGoogleWallet,
} from "~/adapters/google-wallet/service-account.server";

// GOOGLE_WALLET_* read at start (decision 0048): both or none; anything wrong turns Google Wallet off with one line.

const ISSUER = "3388000000022222222";
const scratch = mkdtempSync(path.join(os.tmpdir(), "twin-cards-google-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const pem = (type: "rsa" | "ec") =>
  (type === "rsa"
    ? generateKeyPairSync("rsa", { modulusLength: 2048 })
    : generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  ).privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();
const keyJson = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "service_account",
    client_email: "wallet@project.iam.gserviceaccount.com",
    private_key_id: "abc123",
    private_key: pem("rsa"),
    ...overrides,
  });
const lineOf = (env: Parameters<typeof readGoogleWallet>[0]) => googleWalletNotice(readGoogleWallet(env));

describe("Google Wallet's issuer and service account", () => {
  it("is on with the issuer id and the JSON key as text or as a file, at Google's addresses unless told otherwise", () => {
    const file = path.join(scratch, "key.json");
    writeFileSync(file, keyJson());
    for (const key of [keyJson(), file]) {
      const setup = readGoogleWallet({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT: key });
      expect(setup.account).toMatchObject({
        issuerId: ISSUER,
        email: "wallet@project.iam.gserviceaccount.com",
        keyId: "abc123",
        tokenUrl: GOOGLE_TOKEN_URL,
        apiUrl: GOOGLE_WALLET_API_URL,
      });
      expect(googleWalletNotice(setup)).toBe(`Google Wallet on: issuer ${ISSUER}, service account wallet@project.iam.gserviceaccount.com`);
    }
  });

  it("says nothing when neither variable is set", () => {
    expect(lineOf({})).toBeNull();
    expect(readGoogleWallet({})).toEqual({
      account: undefined,
      missing: ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT"],
      problem: null,
    });
  });

  it("names the one variable missing", () => {
    expect(lineOf({ GOOGLE_WALLET_SERVICE_ACCOUNT: keyJson() })).toBe(
      "Google Wallet off: GOOGLE_WALLET_ISSUER_ID is not set (docs/configuration.md)",
    );
    expect(lineOf({ GOOGLE_WALLET_ISSUER_ID: ISSUER })).toBe(
      "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT is not set (docs/configuration.md)",
    );
  });

  it("says what is wrong with a key that is not a service account's, not readable, or not RSA", () => {
    const env = (key: string) => ({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT: key });
    expect(lineOf(env(keyJson({ type: "authorized_user" })))).toBe(
      "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key (type, client_email and private_key are required) (docs/configuration.md)",
    );
    expect(lineOf(env(keyJson({ private_key: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----" })))).toBe(
      "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT's private_key is not a readable PEM key (docs/configuration.md)",
    );
    expect(lineOf(env(keyJson({ private_key: pem("ec") })))).toBe(
      "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT's private_key must be an RSA key (RS256) (docs/configuration.md)",
    );
    expect(lineOf(env("{not json"))).toBe(
      "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT is neither a service account's JSON key nor the path of a readable JSON key file (docs/configuration.md)",
    );
  });

  it("points at the stand-in when its addresses are given (tests and the demo only)", () => {
    const setup = readGoogleWallet({
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT: keyJson(),
      GOOGLE_WALLET_API_URL: "http://127.0.0.1:4100/",
      GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1:4100/token",
    });
    expect(setup.account).toMatchObject({ apiUrl: "http://127.0.0.1:4100", tokenUrl: "http://127.0.0.1:4100/token" });
  });
});
