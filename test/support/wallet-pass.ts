import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Apple Wallet signing material made for a test with openssl, shaped like Apple's:
 * a root CA (Apple's root), an intermediate signed by it (the WWDR certificate) and
 * a pass type certificate with its RSA key signed by the intermediate.
 */
export interface TestSigningMaterial {
  dir: string;
  /** The root a pass's signature is verified against. */
  caFile: string;
  wwdrFile: string;
  certificateFile: string;
  keyFile: string;
  passTypeId: string;
  teamId: string;
  /** The server's environment for this material (file paths). */
  env: Record<string, string>;
}

/** Every folder these helpers made, for `removePassFiles`. */
const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** Deletes the keys, certificates and unzipped passes the helpers wrote (call in afterAll). */
export function removePassFiles() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const openssl = (dir: string, args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });

export function makeSigningMaterial(passTypeId = "pass.com.example.twincards", teamId = "A1B2C3D4E5"): TestSigningMaterial {
  const dir = tempDir("twin-cards-pass-");
  writeFileSync(path.join(dir, "ca.ext"), "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n");
  writeFileSync(path.join(dir, "signer.ext"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n");
  openssl(
    dir,
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2"].concat([
      "-subj",
      "/CN=Test Apple Root CA",
    ]),
  );
  openssl(dir, ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "wwdr.key", "-out", "wwdr.csr", "-subj", "/CN=Test WWDR Intermediate"]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "wwdr.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "wwdr.pem",
    "-days",
    "2",
    "-extfile",
    "ca.ext",
  ]);
  openssl(dir, [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "signer.key",
    "-out",
    "signer.csr",
    "-subj",
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}`,
  ]);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    "signer.csr",
    "-CA",
    "wwdr.pem",
    "-CAkey",
    "wwdr.key",
    "-CAcreateserial",
    "-out",
    "signer.pem",
    "-days",
    "2",
    "-extfile",
    "signer.ext",
  ]);
  const file = (name: string) => path.join(dir, name);
  return {
    dir,
    caFile: file("ca.pem"),
    wwdrFile: file("wwdr.pem"),
    certificateFile: file("signer.pem"),
    keyFile: file("signer.key"),
    passTypeId,
    teamId,
    env: {
      APPLE_PASS_TYPE_ID: passTypeId,
      APPLE_TEAM_ID: teamId,
      APPLE_PASS_CERTIFICATE: file("signer.pem"),
      APPLE_PASS_KEY: file("signer.key"),
      APPLE_WWDR_CERTIFICATE: file("wwdr.pem"),
    },
  };
}

/** A .pkpass unzipped with `unzip`, as anyone would open it: its folder and every file's bytes by name. */
export interface OpenedPass {
  dir: string;
  files: Map<string, Buffer>;
  passJson: Record<string, unknown> & { barcodes?: { message: string; format: string }[] };
  manifest: Record<string, string>;
}

export function unzipPass(archive: Buffer): OpenedPass {
  const dir = tempDir("twin-cards-pkpass-");
  writeFileSync(path.join(dir, "pass.pkpass"), archive);
  const out = path.join(dir, "files");
  mkdirSync(out);
  execFileSync("unzip", ["-q", path.join(dir, "pass.pkpass"), "-d", out], { stdio: "pipe" });
  const files = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(out, full), readFileSync(full));
    }
  };
  walk(out);
  return {
    dir: out,
    files,
    passJson: JSON.parse(files.get("pass.json")!.toString("utf8")) as OpenedPass["passJson"],
    manifest: JSON.parse(files.get("manifest.json")!.toString("utf8")) as Record<string, string>,
  };
}

export const sha1 = (bytes: Buffer) => createHash("sha1").update(bytes).digest("hex");

/** `openssl smime -verify` of the detached DER signature over `content` (manifest.json), against the test root. */
export function smimeVerify(opened: OpenedPass, caFile: string, content = path.join(opened.dir, "manifest.json")) {
  const result = spawnSync(
    "openssl",
    [
      "smime",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      path.join(opened.dir, "signature"),
      "-content",
      content,
      "-CAfile",
      caFile,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ],
    { encoding: "utf8" },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
