import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apnsNotice, APPLE_PUSH_URL, readApnsAuth } from "~/adapters/apns/apns-auth.server";
import { readPassSigning } from "~/adapters/wallet-passes/signing-material.server";
import { makeSigningMaterial, removePassFiles, type TestSigningMaterial } from "../support/wallet-pass";

// APNS_* read at start (decision 0047): with item 1's APPLE_* they make passes updatable; missing, one line, passes still work.

let material: TestSigningMaterial;
const p8 = () => generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

beforeAll(() => {
  material = makeSigningMaterial();
});
afterAll(removePassFiles);

describe("APNs token auth for pass updates", () => {
  it("is on with the key id and the .p8 key, taking the team and topic from APPLE_*", () => {
    const signing = readPassSigning(material.env);
    const setup = readApnsAuth({ APNS_KEY_ID: "AB12CD34EF", APNS_KEY: p8().replace(/\n/g, "\\n") }, signing);
    expect(setup.auth).toMatchObject({ keyId: "AB12CD34EF", teamId: material.teamId, topic: material.passTypeId, baseUrl: APPLE_PUSH_URL });
    expect(apnsNotice(setup, signing)).toBe("Apple Wallet pass updates on: APNs key AB12CD34EF");
  });

  it("says once that passes do not update when APNs is not configured, and nothing when passes are off too", () => {
    const signing = readPassSigning(material.env);
    expect(apnsNotice(readApnsAuth({}, signing), signing)).toBe(
      "Apple Wallet pass updates off: set APNS_KEY_ID and APNS_KEY to update passes (docs/configuration.md)",
    );
    const off = readPassSigning({});
    expect(apnsNotice(readApnsAuth({}, off), off)).toBeNull();
  });

  it.each([
    [{ APNS_KEY_ID: "AB12CD34EF" }, "APNS_KEY is required with the other"],
    [{ APNS_KEY_ID: "short", APNS_KEY: "-----BEGIN PRIVATE KEY-----" }, "APNS_KEY_ID must be the 10-character key id, e.g. AB12CD34EF"],
    [
      { APNS_KEY_ID: "AB12CD34EF", APNS_KEY: "/nonexistent/key.p8" },
      "APNS_KEY is neither the .p8 key's PEM text nor the path of a readable .p8 file",
    ],
  ])("is off with %o: %s", (env, problem) => {
    const signing = readPassSigning(material.env);
    const setup = readApnsAuth(env, signing);
    expect(setup.auth).toBeUndefined();
    expect(apnsNotice(setup, signing)).toBe(`Apple Wallet pass updates off: ${problem} (docs/configuration.md)`);
  });

  it("refuses an RSA key (the pass certificate's, given by mistake) and a key without Apple Wallet passes", () => {
    const signing = readPassSigning(material.env);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(readApnsAuth({ APNS_KEY_ID: "AB12CD34EF", APNS_KEY: rsa }, signing)).toEqual({
      auth: undefined,
      problem: "APNS_KEY must be the P-256 (.p8) key Apple issues for APNs",
    });
    expect(readApnsAuth({ APNS_KEY_ID: "AB12CD34EF", APNS_KEY: p8() }, readPassSigning({}))).toEqual({
      auth: undefined,
      problem: "Apple Wallet passes are off, so there is nothing to update",
    });
  });
});
