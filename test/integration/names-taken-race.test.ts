import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { registerNameFor } from "~/domain/names.server";
import { stores } from "~/domain/stores";

// Two registrations of one name at once both find it free; the unique index lets one through.
describe("a name registration that loses the race to the unique index", () => {
  it("is refused by the store, and registering is a CONFLICT that writes nothing", async () => {
    const shop = `race-${randomUUID()}.myshopify.com`;
    const name = `race${randomUUID().slice(0, 8)}`;
    const publicKey = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
    await registerNameFor(shop, { name, publicKey });
    const again = { id: `uns_${randomUUID()}`, name, publicKey, owner: null, registeredByShop: shop, livemode: true };
    expect(await stores().names.register(again)).toBeNull();

    // The check before the insert misses the other registration, as it does when both run at once.
    const check = vi.spyOn(stores().names, "nameTaken").mockResolvedValue(false);
    try {
      await expect(registerNameFor(shop, { name, publicKey })).rejects.toMatchObject({ code: "CONFLICT" });
    } finally {
      check.mockRestore();
    }
    expect(await db.universalName.count({ where: { name } })).toBe(1);
    expect(await db.event.count({ where: { shop, type: "name.registered" } })).toBe(1);
  });
});
