import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ConfigProblem } from "~/domain/ports";

/*
 * Apple Wallet's signing material, from the environment (docs/configuration.md,
 * decision 0045): the pass type id and team id of the Apple Developer account,
 * the pass type certificate and its private key, and Apple's WWDR intermediate
 * certificate. Each certificate and the key is given as PEM text or as the path
 * of a PEM file. Checked once at start (the certificate's UID and OU against the
 * ids, and its issuer): anything incomplete, mismatched or unusable turns
 * passes off with one line saying what to fix, never stops the server.
 */

/** The variables, in the order a merchant's operator sets them up. */
export const PASS_VARIABLES = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERTIFICATE",
  "APPLE_PASS_KEY",
  "APPLE_WWDR_CERTIFICATE",
] as const;
export type PassVariable = (typeof PASS_VARIABLES)[number];

export type PassSigningEnv = Partial<Record<PassVariable | "APPLE_PASS_KEY_PASSPHRASE", string>>;

/** What passkit-generator signs with. */
export interface PassSigning {
  passTypeIdentifier: string;
  teamIdentifier: string;
  certificates: { wwdr: string; signerCert: string; signerKey: string; signerKeyPassphrase?: string };
}

/** Passes on (`signing`), or off with the variables still unset and, when something set is wrong, why. */
export type PassSigningSetup = { signing: PassSigning } | { signing: undefined; missing: PassVariable[]; problem: ConfigProblem | null };

/** Each reason passes are off, in English (the start-up line); the admin says them in its own words under the same keys. */
const PROBLEMS = {
  requiredWithOthers: (v) => `${v.variables} ${v.count === "1" ? "is" : "are"} required with the other Apple Wallet variables`,
  passTypeIdFormat: () => "APPLE_PASS_TYPE_ID must be a pass type identifier, e.g. pass.com.example.twincards",
  teamIdFormat: () => "APPLE_TEAM_ID must be the 10-character team id, e.g. A1B2C3D4E5",
  notPem: (v) => `${v.variable} is neither PEM text nor the path of a PEM file`,
  unreadableFile: (v) => `${v.variable} names a file that cannot be read (${v.code}): ${v.path}`,
  notCertificate: (v) => `${v.variable} is not a PEM certificate`,
  certificateExpired: (v) => `${v.variable} expired on ${v.date}`,
  noPassTypeId: () => "APPLE_PASS_CERTIFICATE is not a pass type certificate: its subject has no UID (the pass type id)",
  passTypeIdMismatch: (v) => `APPLE_PASS_TYPE_ID is ${v.configured}, but APPLE_PASS_CERTIFICATE is for ${v.certificate}`,
  teamIdMismatch: (v) => `APPLE_TEAM_ID is ${v.configured}, but APPLE_PASS_CERTIFICATE belongs to team ${v.certificate}`,
  notIssuedByWwdr: () => "APPLE_PASS_CERTIFICATE was not issued by APPLE_WWDR_CERTIFICATE (download the WWDR intermediate that signed it)",
  keyUnreadable: () => "APPLE_PASS_KEY is not a PEM private key, or APPLE_PASS_KEY_PASSPHRASE does not open it",
  keyNotRsa: () => "APPLE_PASS_KEY must be an RSA key, as Apple issues for pass type certificates",
  keyNotCertificates: () => "APPLE_PASS_KEY is not the key of APPLE_PASS_CERTIFICATE",
} satisfies Record<string, (values: Record<string, string>) => string>;
export type PassProblemKey = keyof typeof PROBLEMS;

const problemOf = (key: PassProblemKey, values: Record<string, string> = {}): ConfigProblem => ({
  key,
  values,
  text: PROBLEMS[key](values),
});

class MaterialError extends Error {
  readonly problem: ConfigProblem;
  constructor(key: PassProblemKey, values: Record<string, string> = {}) {
    const problem = problemOf(key, values);
    super(problem.text);
    this.problem = problem;
  }
}

/** PEM text as given (`\n` written as two characters in one-line environments is read as a line break), else a file's text. */
function pemOf(variable: PassVariable, value: string): string {
  const text = value.includes("-----BEGIN") ? value.replace(/\\n/g, "\n") : readPem(variable, value);
  if (!text.includes("-----BEGIN")) throw new MaterialError("notPem", { variable });
  return text;
}

function readPem(variable: PassVariable, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new MaterialError("unreadableFile", { variable, code: (error as NodeJS.ErrnoException).code ?? "error", path });
  }
}

function certificate(variable: PassVariable, pem: string): X509Certificate {
  let parsed: X509Certificate;
  try {
    parsed = new X509Certificate(pem);
  } catch {
    throw new MaterialError("notCertificate", { variable });
  }
  if (Date.parse(parsed.validTo) < Date.now()) throw new MaterialError("certificateExpired", { variable, date: parsed.validTo });
  return parsed;
}

/** The values of one attribute of a certificate's subject (Node writes one `NAME=value` per line). */
const subjectValues = (certificate: X509Certificate, name: string) =>
  certificate.subject
    .split("\n")
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));

/**
 * What Apple's pass type certificate says of itself: its subject's UID is the pass type id and its OU
 * the team id, and Apple's WWDR intermediate issued it. A pass signed otherwise installs nowhere.
 */
function checkIdentity(signer: X509Certificate, wwdr: X509Certificate, passTypeIdentifier: string, teamIdentifier: string) {
  const [uid] = subjectValues(signer, "UID");
  if (!uid) throw new MaterialError("noPassTypeId");
  if (uid !== passTypeIdentifier) throw new MaterialError("passTypeIdMismatch", { configured: passTypeIdentifier, certificate: uid });
  const teams = subjectValues(signer, "OU");
  if (!teams.includes(teamIdentifier))
    throw new MaterialError("teamIdMismatch", { configured: teamIdentifier, certificate: teams.join(", ") || "(none)" });
  if (!signer.checkIssued(wwdr) || !signer.verify(wwdr.publicKey)) throw new MaterialError("notIssuedByWwdr");
}

/** Reads and checks the material; never throws. */
export function readPassSigning(env: PassSigningEnv): PassSigningSetup {
  const value = (name: PassVariable | "APPLE_PASS_KEY_PASSPHRASE") => env[name]?.trim() || undefined;
  const missing = PASS_VARIABLES.filter((name) => !value(name));
  if (missing.length === PASS_VARIABLES.length) return { signing: undefined, missing, problem: null };
  if (missing.length > 0) {
    return {
      signing: undefined,
      missing,
      problem: problemOf("requiredWithOthers", { variables: missing.join(", "), count: String(missing.length) }),
    };
  }
  const passTypeIdentifier = value("APPLE_PASS_TYPE_ID")!;
  const teamIdentifier = value("APPLE_TEAM_ID")!;
  try {
    if (!/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(passTypeIdentifier)) throw new MaterialError("passTypeIdFormat");
    if (!/^[A-Z0-9]{10}$/.test(teamIdentifier)) throw new MaterialError("teamIdFormat");
    const signerCert = pemOf("APPLE_PASS_CERTIFICATE", value("APPLE_PASS_CERTIFICATE")!);
    const signerKey = pemOf("APPLE_PASS_KEY", value("APPLE_PASS_KEY")!);
    const wwdr = pemOf("APPLE_WWDR_CERTIFICATE", value("APPLE_WWDR_CERTIFICATE")!);
    const passphrase = value("APPLE_PASS_KEY_PASSPHRASE");
    const signer = certificate("APPLE_PASS_CERTIFICATE", signerCert);
    checkIdentity(signer, certificate("APPLE_WWDR_CERTIFICATE", wwdr), passTypeIdentifier, teamIdentifier);
    let key;
    try {
      key = createPrivateKey({ key: signerKey, format: "pem", ...(passphrase ? { passphrase } : {}) });
    } catch {
      throw new MaterialError("keyUnreadable");
    }
    if (key.asymmetricKeyType !== "rsa") throw new MaterialError("keyNotRsa");
    if (!signer.checkPrivateKey(key)) throw new MaterialError("keyNotCertificates");
    return {
      signing: {
        passTypeIdentifier,
        teamIdentifier,
        certificates: { wwdr, signerCert, signerKey, ...(passphrase ? { signerKeyPassphrase: passphrase } : {}) },
      },
    };
  } catch (error) {
    if (!(error instanceof MaterialError)) throw error;
    return { signing: undefined, missing: [], problem: error.problem };
  }
}

/** The one start-up line: what is on, or why passes are off; nothing when none of the variables is set. */
export function passSigningNotice(setup: PassSigningSetup): string | null {
  if (setup.signing) return `Apple Wallet passes on: ${setup.signing.passTypeIdentifier}, team ${setup.signing.teamIdentifier}`;
  return setup.problem ? `Apple Wallet passes off: ${setup.problem.text} (docs/configuration.md)` : null;
}
