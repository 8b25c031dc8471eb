import { execFile } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { http, shopClient, uniqueShop } from "../support/api";
import { cardInput } from "../support/fixtures";

interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** `npm run -s api-key:create -- <args>` from the repository root, against the test database. */
function apiKeyCreate(...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      ["run", "-s", "api-key:create", "--", ...args],
      { cwd: process.cwd(), env: process.env, timeout: 25_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") return reject(error);
        resolve({ exitCode: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

const KEY_LINE = /^tc_live_[A-Za-z0-9_-]{43}$/;

async function rawCall(path: string, init: Parameters<typeof http>[1]) {
  const response = await http(path, init);
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as { data?: unknown; error?: { code: string } } };
}

describe("npm run -s api-key:create", () => {
  // One run with the usual arguments, read by the first three tests (each CLI run starts npm, tsx and the script).
  const shop = uniqueShop();
  let usual: CliResult;
  beforeAll(async () => {
    usual = await apiKeyCreate("--shop", shop, "--name", "ci");
  });

  it("prints only the new key, one line, on stdout", () => {
    expect(usual.exitCode, usual.stderr).toBe(0);
    const lines = usual.stdout.split("\n");
    expect(lines, usual.stdout).toHaveLength(2);
    expect(lines[0]).toMatch(KEY_LINE);
    expect(lines[1]).toBe("");
  });

  it("prints a key that works against /v1 and belongs to that shop only", async () => {
    const key = usual.stdout.trim();
    const otherShop = await shopClient();

    const list = await rawCall("/v1/unit-cards", { key });
    const created = await rawCall("/v1/unit-cards", {
      method: "POST",
      key,
      body: JSON.stringify({ ...cardInput(), email: "jane@example.com" }),
    });

    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([]);
    expect(created.status).toBe(201);
    const card = created.json.data as { id: string };
    expect((await rawCall(`/v1/unit-cards/${card.id}`, { key })).status).toBe(200);
    const fromOtherShop = await rawCall(`/v1/unit-cards/${card.id}`, { key: otherShop.key });
    expect(fromOtherShop.status).toBe(404);
    expect(fromOtherShop.json.error?.code).toBe("NOT_FOUND");
    expect((await otherShop.client.cards.list()).data).toEqual([]);
    expect(await db.unitCard.count({ where: { shop, id: card.id } })).toBe(1);
  });

  it("stores only a hash of the key, with the label and a recognisable prefix", async () => {
    const key = usual.stdout.trim();

    const rows = await db.apiKey.findMany({ where: { shop } });
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.label).toBe("ci");
    expect(row!.keyHash).not.toBe(key);
    expect(row!.keyHash).not.toContain(key.slice(3));
    expect(key.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeGreaterThanOrEqual(4);
    expect(row!.prefix.length).toBeLessThan(key.length / 2);
    expect(row!.revokedAt).toBeNull();
  });

  it("creates a different key each time", async () => {
    const shop = uniqueShop();

    const [first, second] = await Promise.all([apiKeyCreate("--shop", shop), apiKeyCreate("--shop", shop, "--name", "second")]);

    expect(first.stdout.trim()).toMatch(KEY_LINE);
    expect(second.stdout.trim()).toMatch(KEY_LINE);
    expect(first.stdout).not.toBe(second.stdout);
    expect(await db.apiKey.count({ where: { shop } })).toBe(2);
  });

  it("makes a test key with --mode test: tc_test_…, stored as a test key", async () => {
    const shop = uniqueShop();

    const result = await apiKeyCreate("--shop", shop, "--mode", "test");

    expect(result.stdout.trim()).toMatch(/^tc_test_[A-Za-z0-9_-]{43}$/);
    expect(await db.apiKey.findMany({ where: { shop }, select: { livemode: true } })).toEqual([{ livemode: false }]);
  });

  it("exits non-zero for an unknown --mode, names --mode and its values on stderr, and stores nothing", async () => {
    const shop = uniqueShop();

    const result = await apiKeyCreate("--shop", shop, "--mode", "sandbox");

    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain('--mode: Must be one of: "live", "test"');
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
  });

  it("exits non-zero for a bad --shop, names --shop on stderr, prints nothing on stdout and stores nothing", async () => {
    const result = await apiKeyCreate("--shop", "not a shop!", "--name", "ci");

    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("--shop");
    expect(await db.apiKey.count({ where: { shop: { contains: "not a shop" } } })).toBe(0);
  });

  it("exits non-zero without --shop and prints the usage on stderr, nothing on stdout", async () => {
    const result = await apiKeyCreate("--name", "ci");

    expect(result.exitCode).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/usage/i);
    expect(result.stderr).toContain("--shop");
  });
});
