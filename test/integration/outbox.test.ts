import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { apiError, shopClient } from "../support/api";
import { uniqueOwner, walletKey } from "../support/fixtures";

// Distinctive values, so their absence from the serialized payload means something.
const PRIVATE_KEY = "supplier-cost-internal";
const PRIVATE_VALUE = "margin-7731-do-not-share";

const card = (name: string, imageUrls = [`https://cdn.example.com/${encodeURIComponent(name)}.png`]) => ({
  name,
  media: { imageUrls, videoUrls: ["https://cdn.example.com/clip.mp4"] },
  metadata: [
    { key: "sku", value: `SKU-${name}`, metaType: "RETAIL_IDENTIFIER" },
    { key: "price", value: [49.5, "EUR"], metaType: "PRICE" },
    { key: PRIVATE_KEY, value: PRIVATE_VALUE, visibility: "PRIVATE" as const },
    { key: "internal-notes", value: { text: "vip-list-only" }, visibility: "PRIVATE" as const },
  ],
});

/** The public metadata of `card(name)`, as normalised by the API. */
const publicMetadataOf = (name: string) => [
  { key: "sku", value: `SKU-${name}`, metaType: "RETAIL_IDENTIFIER", visibility: "PUBLIC" },
  { key: "price", value: [49.5, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
];

const claimUrlFor = (shop: string, code: string) => `https://${shop}/apps/twincards/redeem?code=${encodeURIComponent(code)}`;

async function notificationsOf(shop: string) {
  const rows = await db.notification.findMany({ where: { shop }, orderBy: { channel: "asc" } });
  return rows.map((row) => ({ ...row, payload: row.payload as unknown as ClaimNotificationPayload }));
}

describe("claim notifications outbox", () => {
  it("writes one pending notification per channel with the code, the claim link and the card", async () => {
    const { shop, client } = await shopClient();

    const created = await client.cards.create({ ...card("Gold"), phone: "+1 415-555-4567", email: "Jane.Doe@Example.COM" });

    const code = created.redemption!.code!;
    const redemption = await db.redemption.findFirstOrThrow({ where: { shop } });
    const rows = await notificationsOf(shop);
    expect(
      rows.map(({ channel, destination, status, attempts, redemptionId }) => ({ channel, destination, status, attempts, redemptionId })),
    ).toEqual([
      { channel: "EMAIL", destination: "jane.doe@example.com", status: "PENDING", attempts: 0, redemptionId: redemption.id },
      { channel: "SMS", destination: "+14155554567", status: "PENDING", attempts: 0, redemptionId: redemption.id },
    ]);
    const expectedPayload = {
      code,
      claimUrl: claimUrlFor(shop, code),
      claimTarget: "THEME",
      expiresAt: created.redemption!.expiresAt,
      cards: [{ name: "Gold", imageUrl: "https://cdn.example.com/Gold.png", metadata: publicMetadataOf("Gold") }],
      // Nothing said of the reader: the message speaks the shop's primary language (docs/decisions/0031-branded-localized-messages.md).
      locale: null,
      firstName: null,
      // The code and link sealed, for a resend or a reminder once the clear code has left the row (decision 0071).
      sealed: expect.stringMatching(/^v1\./),
    };
    for (const row of rows) expect(row.payload).toEqual(expectedPayload);
    for (const row of rows) expect(JSON.stringify(row.payload.sealed)).not.toContain(code);
    expect(new URL(rows[0]!.payload.claimUrl).searchParams.get("code")).toBe(code);
  });

  it("writes only an e-mail notification for an e-mail-only card, and only an SMS for a phone-only card", async () => {
    const { shop: emailShop, client: emailClient } = await shopClient();
    const { shop: phoneShop, client: phoneClient } = await shopClient();

    await emailClient.cards.create({ ...card("Gold"), email: "jane@example.com" });
    await phoneClient.cards.create({ ...card("Gold"), phone: "+442071838750" });

    expect((await notificationsOf(emailShop)).map((row) => [row.channel, row.destination])).toEqual([["EMAIL", "jane@example.com"]]);
    expect((await notificationsOf(phoneShop)).map((row) => [row.channel, row.destination])).toEqual([["SMS", "+442071838750"]]);
  });

  it("never puts PRIVATE metadata in a notification", async () => {
    const { shop, client } = await shopClient();

    await client.cards.createBatch({
      redemption: { phone: "+14155554567", email: "jane@example.com" },
      cards: [card("Gold"), card("Silver")],
    });

    const rows = await notificationsOf(shop);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const serialized = JSON.stringify(row.payload);
      expect(serialized).not.toContain(PRIVATE_KEY);
      expect(serialized).not.toContain(PRIVATE_VALUE);
      expect(serialized).not.toContain("internal-notes");
      expect(serialized).not.toContain("vip-list-only");
      expect(serialized).not.toContain("PRIVATE");
    }
  });

  it("writes one notification per channel for a batch, listing every card", async () => {
    const { shop, client } = await shopClient();
    const names = ["Gold", "Silver", "Bronze"];

    const created = await client.cards.createBatch({
      redemption: { phone: "+14155554567", email: "jane@example.com" },
      cards: [card("Gold"), card("Silver", []), card("Bronze")],
    });

    const rows = await notificationsOf(shop);
    expect(rows.map((row) => row.channel)).toEqual(["EMAIL", "SMS"]);
    for (const row of rows) {
      expect(row.payload.code).toBe(created[0]!.redemption!.code);
      expect(row.payload.cards.map((entry) => entry.name)).toEqual(names);
      expect(row.payload.cards.map((entry) => entry.imageUrl)).toEqual([
        "https://cdn.example.com/Gold.png",
        null,
        "https://cdn.example.com/Bronze.png",
      ]);
      expect(row.payload.cards.map((entry) => entry.metadata)).toEqual(names.map(publicMetadataOf));
    }
  });

  it("carries the merchant's own code, URL-encoded in the claim link", async () => {
    const { shop, client } = await shopClient();

    const created = await client.cards.createBatch({
      redemption: { email: "jane@example.com", code: "Spring 2027 Gift" },
      cards: [card("Gold")],
    });

    const code = created[0]!.redemption!.code!;
    expect(code).toBe("Spring 2027 Gift");
    const [row] = await notificationsOf(shop);
    expect(row!.payload.code).toBe(code);
    expect(row!.payload.claimUrl).toBe(`https://${shop}/apps/twincards/redeem?code=Spring%202027%20Gift`);
    expect(new URL(row!.payload.claimUrl).searchParams.get("code")).toBe(code);
  });

  it("writes no notification for a card created by owner, single or batch", async () => {
    const { shop, client } = await shopClient();

    await client.cards.create({ ...card("Gold"), owner: uniqueOwner(), publicKey: walletKey() });
    await client.cards.createBatch({ owner: uniqueOwner(), publicKey: walletKey(), cards: [card("Silver"), card("Bronze")] });

    expect(await db.unitCard.count({ where: { shop } })).toBe(3);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });

  it("writes no notification when the creation fails validation", async () => {
    const { shop, client } = await shopClient();

    const single = await apiError(
      client.cards.create({ ...card("Gold"), media: { imageUrls: ["not a url"], videoUrls: [] }, email: "jane@example.com" }),
    );
    const batch = await apiError(
      client.cards.createBatch({ redemption: { phone: "+14155554567" }, cards: [card("Gold"), { ...card("Silver"), name: "" }] }),
    );

    expect([single.status, batch.status]).toEqual([422, 422]);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
    expect(await db.redemption.count({ where: { shop } })).toBe(0);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });
});
