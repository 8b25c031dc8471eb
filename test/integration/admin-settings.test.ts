import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { fieldValues, getPage, postForm } from "../support/admin";
import { http, uniqueShop } from "../support/api";

// Settings: API keys created, listed and revoked from the admin.

describe("settings: API keys", () => {
  it("creates a key shown once that works against /v1, and revoking it locks /v1 out", async () => {
    const shop = uniqueShop();

    const created = await postForm("/app/settings", shop, { intent: "create", label: "WooCommerce store" });

    expect(created.status).toBe(200);
    expect(created.text).toContain("Copy your new API key “WooCommerce store” now");
    const key = fieldValues(created.body).find((value) => value.startsWith("tc_"));
    expect(key).toBeDefined();
    const row = await db.apiKey.findFirstOrThrow({ where: { shop } });
    expect(row).toMatchObject({ label: "WooCommerce store", revokedAt: null });
    expect(created.text).toContain(`WooCommerce store ${row.prefix}…`);
    expect((await http("/v1/unit-cards", { key })).status).toBe(200);

    const revoked = await postForm("/app/settings", shop, { intent: "revoke", id: row.id });

    expect(revoked.status).toBe(200);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).not.toBeNull();
    expect(revoked.text).toContain("Revoked");
    expect((await http("/v1/unit-cards", { key })).status).toBe(401);
  });

  it("shows the new key nowhere after the page is reloaded", async () => {
    const shop = uniqueShop();
    const created = await postForm("/app/settings", shop, { intent: "create", label: "Once" });
    const key = fieldValues(created.body).find((value) => value.startsWith("tc_"))!;

    const reloaded = await getPage("/app/settings", shop);

    expect(reloaded.status).toBe(200);
    expect(reloaded.text).toContain("Once");
    expect(reloaded.body).not.toContain(key);
  });
});
