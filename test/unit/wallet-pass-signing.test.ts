import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passSigningNotice, readPassSigning } from "~/adapters/wallet-passes/signing-material.server";
import { makeSigningMaterial, removePassFiles, type TestSigningMaterial } from "../support/wallet-pass";

// APPLE_* read at start (decision 0045): PEM text or files, checked, one line when off.

let material: TestSigningMaterial;
beforeAll(() => {
  material = makeSigningMaterial();
});
afterAll(removePassFiles);

describe("Apple Wallet signing material", () => {
  it("refuses a pass certificate another WWDR intermediate issued, and one with no pass type id in its subject", () => {
    const other = makeSigningMaterial();
    const foreign = readPassSigning({ ...material.env, APPLE_WWDR_CERTIFICATE: other.wwdrFile });
    expect(passSigningNotice(foreign)).toBe(
      "Apple Wallet passes off: APPLE_PASS_CERTIFICATE was not issued by APPLE_WWDR_CERTIFICATE (download the WWDR intermediate that signed it) (docs/configuration.md)",
    );
    // The WWDR certificate itself as the pass certificate (its key given too): a certificate, but not a pass type one.
    const notAPass = readPassSigning({
      ...material.env,
      APPLE_PASS_CERTIFICATE: material.wwdrFile,
      APPLE_PASS_KEY: path.join(material.dir, "wwdr.key"),
    });
    expect(passSigningNotice(notAPass)).toMatch(/APPLE_PASS_CERTIFICATE is not a pass type certificate: its subject has no UID/);
  });

  it("is off and says nothing when none of the variables is set", () => {
    const setup = readPassSigning({});
    expect(setup.signing).toBeUndefined();
    expect(passSigningNotice(setup)).toBeNull();
  });

  it("takes PEM text as well as files, with line breaks written as \\n in a one-line variable", () => {
    const oneLine = (file: string) => readFileSync(file, "utf8").trim().replace(/\n/g, "\\n");
    const setup = readPassSigning({
      ...material.env,
      APPLE_PASS_CERTIFICATE: oneLine(material.certificateFile),
      APPLE_PASS_KEY: oneLine(material.keyFile),
      APPLE_WWDR_CERTIFICATE: readFileSync(material.wwdrFile, "utf8"),
    });
    expect(setup.signing?.certificates.signerKey).toContain("-----BEGIN PRIVATE KEY-----\n");
    expect(passSigningNotice(setup)).toBe(`Apple Wallet passes on: ${material.passTypeId}, team ${material.teamId}`);
  });

  it.each([
    [{ APPLE_TEAM_ID: "abc" }, "APPLE_TEAM_ID must be the 10-character team id, e.g. A1B2C3D4E5"],
    [{ APPLE_PASS_TYPE_ID: "com.example" }, "APPLE_PASS_TYPE_ID must be a pass type identifier, e.g. pass.com.example.twincards"],
    [
      { APPLE_WWDR_CERTIFICATE: "/nonexistent/wwdr.pem" },
      "APPLE_WWDR_CERTIFICATE names a file that cannot be read (ENOENT): /nonexistent/wwdr.pem",
    ],
    [
      { APPLE_PASS_CERTIFICATE: "-----BEGIN CERTIFICATE-----\\nnot base64\\n-----END CERTIFICATE-----" },
      "APPLE_PASS_CERTIFICATE is not a PEM certificate",
    ],
    [{ APPLE_PASS_KEY_PASSPHRASE: "unused" }, null],
    [
      { APPLE_PASS_TYPE_ID: "pass.com.example.other" },
      "APPLE_PASS_TYPE_ID is pass.com.example.other, but APPLE_PASS_CERTIFICATE is for pass.com.example.twincards",
    ],
    [{ APPLE_TEAM_ID: "Z9Y8X7W6V5" }, "APPLE_TEAM_ID is Z9Y8X7W6V5, but APPLE_PASS_CERTIFICATE belongs to team A1B2C3D4E5"],
  ])("names what is wrong in one line: %o", (change, problem) => {
    const setup = readPassSigning({ ...material.env, ...change });
    if (problem === null) return expect(setup.signing).toBeDefined();
    expect(setup.signing).toBeUndefined();
    expect(passSigningNotice(setup)).toBe(`Apple Wallet passes off: ${problem} (docs/configuration.md)`);
  });
});
