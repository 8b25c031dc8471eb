import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchDocument } from "../support/openapi-document";

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
}

let directory: string;

/**
 * Redocly CLI's lint with the project's redocly.yaml (the recommended rules), on the
 * served document saved to a file. Offline: telemetry and the update check are off,
 * and a preload refuses and records any connection it would still try.
 */
async function lint(): Promise<{ report: LintReport; connections: string[] }> {
  const documentFile = path.join(directory, "openapi.json");
  const guardLog = path.join(directory, "connections.log");
  writeFileSync(documentFile, JSON.stringify(await fetchDocument(), null, 2));
  writeFileSync(guardLog, "");
  const args = [
    "--import",
    pathToFileURL(path.resolve("test/support/offline-guard.mjs")).href,
    path.resolve("node_modules/@redocly/cli/bin/cli.js"),
    "lint",
    documentFile,
    "--config",
    path.resolve("redocly.yaml"),
    "--format=json",
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", OFFLINE_GUARD_LOG: guardLog };
  // Lint exits 1 when it finds errors; the report on stdout says which.
  const { stdout } = await run(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? "",
  }));
  return { report: JSON.parse(stdout) as LintReport, connections: readFileSync(guardLog, "utf8").split("\n").filter(Boolean) };
}

describe("Redocly CLI lint (recommended rules) on the served OpenAPI document", () => {
  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), "twin-cards-redocly-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("finds no error and no warning, without reaching the network", async () => {
    const { report, connections } = await lint();

    expect(
      report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location?.[0]?.pointer}: ${problem.message}`),
    ).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(connections).toEqual([]);
  });
});
