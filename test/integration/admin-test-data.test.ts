import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { fieldValues, getPage, postForm, submitFetcher } from "../support/admin";
import { http, uniqueShop } from "../support/api";
import { cardInput } from "../support/fixtures";

// Test mode's admin face (issue 29, decision 0036): keys created as test keys, and the
// "View test data" switch that shows test data instead of live on every admin page.

const BANNER = "You are viewing test data. Test cards send no messages and mint nothing.";

/** A test key made from Settings, as the merchant makes it (choosing Test). */
async function testKeyFromSettings(shop: string, label = "Sandbox") {
  const created = await postForm("/app/settings", shop, { intent: "create", label, mode: "test" });
  expect(created.status).toBe(200);
  const key = fieldValues(created.body).find((value) => value.startsWith("tc_"));
  return { created, key: key! };
}

/** A card written through /v1 with `key`, answered 201. */
async function cardWithKey(key: string, body: Record<string, unknown>) {
  const response = await http("/v1/unit-cards", { key, method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string; livemode: boolean } }).data;
}

const viewTestData = (shop: string, on: "on" | "off") => postForm("/app/settings", shop, { intent: "view-test-data", on });

describe("settings: test API keys", () => {
  it("creates a tc_test_ key when the merchant chooses Test, lists it with a Test badge, and the API treats it as test", async () => {
    const shop = uniqueShop();

    const { created, key } = await testKeyFromSettings(shop);

    expect(key).toMatch(/^tc_test_/);
    expect(created.text).toContain("This is a test key: it sees only test data, sends no message and mints nothing.");
    const row = await db.apiKey.findFirstOrThrow({ where: { shop } });
    expect(row.livemode).toBe(false);
    const settings = await getPage("/app/settings", shop);
    // Polaris' badge tone is spoken first ("Warning"), then what the merchant reads.
    expect(settings.text).toContain(`Sandbox ${row.prefix}… Warning Test`);

    const card = await cardWithKey(key, { ...cardInput("Sandbox card"), email: "jane@example.com" });
    expect(card.livemode).toBe(false);
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).livemode).toBe(false);
    // A test key sees no live card, and a live key no test card.
    const live = await createCard(shop, { ...cardInput("Live card"), email: "live@example.com" });
    const listed = (await (await http("/v1/unit-cards", { key })).json()) as { data: { id: string }[] };
    expect(listed.data.map((item) => item.id)).toEqual([card.id]);
    expect((await http(`/v1/unit-cards/${live.id}`, { key })).status).toBe(404);
  });

  it("creates a live key by default, with a Live badge", async () => {
    const shop = uniqueShop();

    const created = await postForm("/app/settings", shop, { intent: "create", label: "Store" });

    expect(fieldValues(created.body).find((value) => value.startsWith("tc_"))).toMatch(/^tc_live_/);
    expect(created.text).toContain("This is a live key");
    const row = await db.apiKey.findFirstOrThrow({ where: { shop } });
    expect(row.livemode).toBe(true);
    expect(created.text).toContain(`Store ${row.prefix}… Live`);
  });

  it("refuses an unknown mode with a field error on mode, and writes no key", async () => {
    const shop = uniqueShop();

    const { status, result } = await submitFetcher("/app/settings", shop, { intent: "create", label: "Odd", mode: "sandbox" });

    expect(status).toBe(200);
    expect(result).toMatchObject({ intent: "create", ok: false });
    expect(result && !result.ok ? result.fieldErrors.mode : undefined).toMatch(/live.*test/);
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
  });

  it("refuses a switch value other than on or off, and leaves the setting as it was", async () => {
    const shop = uniqueShop();

    const refused = await postForm("/app/settings", shop, { intent: "view-test-data", on: "yes" });

    expect(refused.status).toBe(400);
    expect(await db.shopSetup.findUnique({ where: { shop } })).toBeNull();
    expect((await getPage("/app/cards", shop)).text).not.toContain(BANNER);
  });
});

describe("View test data", () => {
  it("shows only live cards while off and only test cards while on, with a banner on every page", async () => {
    const shop = uniqueShop();
    const { key } = await testKeyFromSettings(shop);
    const testCard = await cardWithKey(key, { ...cardInput("Sandbox pass"), email: "sandbox@example.com" });
    const liveCard = await createCard(shop, { ...cardInput("Real pass"), email: "real@example.com" });

    const off = await getPage("/app/cards", shop);
    expect(off.text).toContain("Real pass");
    expect(off.text).not.toContain("Sandbox pass");
    expect(off.text).not.toContain(BANNER);
    expect((await getPage(`/app/cards/${testCard.id}`, shop)).status).toBe(404);

    const switched = await viewTestData(shop, "on");
    expect(switched.status).toBe(200);

    const on = await getPage("/app/cards", shop);
    expect(on.text).toContain(BANNER);
    expect(on.text).toContain("View live data");
    expect(on.text).toContain("Sandbox pass");
    expect(on.text).not.toContain("Real pass");
    expect((await getPage(`/app/cards/${testCard.id}`, shop)).text).toContain("Sandbox pass");
    expect((await getPage(`/app/cards/${liveCard.id}`, shop)).status).toBe(404);
    for (const path of ["/app", "/app/twins", "/app/notifications", "/app/settings", "/app/customers"]) {
      expect((await getPage(path, shop)).text, path).toContain(BANNER);
    }
    expect((await getPage("/app", shop)).text).toContain("Cards waiting to be claimed 1");

    await viewTestData(shop, "off");
    const back = await getPage("/app/cards", shop);
    expect(back.text).toContain("Real pass");
    expect(back.text).not.toContain("Sandbox pass");
    expect(back.text).not.toContain(BANNER);
  });

  it("shows a test card's message as “Test — not sent”, never as failed, and only while viewing test data", async () => {
    const shop = uniqueShop();
    const { key } = await testKeyFromSettings(shop);
    await cardWithKey(key, { ...cardInput("Sandbox pass"), email: "sandbox@example.com" });
    const message = await db.notification.findFirstOrThrow({ where: { shop } });
    expect(message.status).toBe("TEST");

    expect((await getPage("/app/notifications", shop)).text).not.toContain("sandbox@example.com");
    await viewTestData(shop, "on");

    const list = await getPage("/app/notifications", shop);
    expect(list.text).toContain("sandbox@example.com E-mail Sandbox pass");
    expect(list.text).toContain("Test — not sent");
    expect((await getPage(`/app/notifications/${message.id}`, shop)).text).toContain("Test — not sent");
    expect((await getPage("/app/notifications?status=FAILED", shop)).text).not.toContain("sandbox@example.com");
    expect((await getPage("/app", shop)).text).toContain("Notifications failed 0");
  });

  it("creates test cards from Create cards while on, and says so on the page", async () => {
    const shop = uniqueShop();
    await viewTestData(shop, "on");

    const page = await getPage("/app/cards/new", shop);
    expect(page.text).toContain("These will be test cards");

    const batch = {
      mode: "redemption",
      email: "jane@example.com",
      phone: "",
      code: "",
      expiresOn: "",
      owner: "",
      publicKey: "",
      rows: [{ key: "a", name: "Made in test", imageUrl: "", videoUrl: "" }],
    };
    const { result } = await submitFetcher("/app/cards/new", shop, { intent: "create", batch: JSON.stringify(batch) });
    expect(result).toMatchObject({ ok: true });
    const card = await db.unitCard.findFirstOrThrow({ where: { shop } });
    expect(card.livemode).toBe(false);
    expect((await db.notification.findFirstOrThrow({ where: { shop } })).status).toBe("TEST");
  });
});
