import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createApiKey, revokeApiKey } from "~/domain/api-keys.server";
import { demoApiKey } from "../../scripts/demo-key";
import { uniqueShop } from "../support/api";

const folder = mkdtempSync(path.join(os.tmpdir(), "twin-cards-demo-key-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("npm run demo's API key", () => {
  it("is the same key on every run, so Settings lists one demo key, readable only by its owner", async () => {
    const shop = uniqueShop();
    const file = path.join(folder, "first");

    const first = await demoApiKey(shop, file);
    const second = await demoApiKey(shop, file);

    expect(second).toBe(first);
    expect(first).toMatch(/^tc_test_/);
    expect(await db.apiKey.findMany({ where: { shop }, select: { livemode: true } })).toEqual([{ livemode: false }]);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("is replaced when the saved one was revoked or belongs to another shop", async () => {
    const shop = uniqueShop();
    const file = path.join(folder, "second");
    const first = await demoApiKey(shop, file);
    const [row] = await db.apiKey.findMany({ where: { shop } });
    await revokeApiKey(shop, row!.id);

    const afterRevoke = await demoApiKey(shop, file);
    const otherShop = await demoApiKey(uniqueShop(), file);

    expect(afterRevoke).not.toBe(first);
    expect(otherShop).not.toBe(afterRevoke);
  });

  it("replaces a live key a demo of before test mode saved", async () => {
    const shop = uniqueShop();
    const file = path.join(folder, "third");
    const { key: live } = await createApiKey({ shop, label: "demo", mode: "live" });
    writeFileSync(file, `${live}\n`);

    const key = await demoApiKey(shop, file);

    expect(key).not.toBe(live);
    expect(key).toMatch(/^tc_test_/);
  });
});
