import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { newId } from "~/domain/ids";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { redeem } from "~/domain/redeem.server";
import { issueTwin } from "~/domain/twins.server";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { getPage, pageData, submitFetcher } from "../support/admin";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";
import { adminApiStubUrl } from "../support/stub-shop";

// Home at a glance (issue 27, item 6) and the rule target picked with Shopify's
// resource picker, checked again in the shop before saving (item 4).

const DAY_MS = 86_400_000;
const media = { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] };

interface Glance {
  issued: number;
  sentToClaim: number;
  claimed: number;
  claimRate: number | null;
  days: { date: string; issued: number; claimed: number }[];
  topRules: { ruleId: string; targetTitle: string; items: number }[];
}

async function glanceOf(shop: string): Promise<Glance> {
  const { status, routes } = await pageData("/app", shop);
  expect(status).toBe(200);
  return (routes["routes/app._index"] as { glance: Glance }).glance;
}

async function ruleFor(shop: string, title: string) {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.title === title)!;
  return createRule(shop, { targetType: "PRODUCT", targetId: product.gid, targetTitle: title, trigger: "PAID", issueTwin: true });
}

async function orderIssue(shop: string, ruleId: string, items: { twinId?: string; cardIds?: string[] }, createdAt = new Date()) {
  await db.orderIssue.create({
    data: {
      id: newId("iss"),
      shop,
      ruleId,
      orderId: String(Date.now()),
      orderName: "#1001",
      lineItemId: newId("iss"),
      moment: "paid",
      productTitle: "x",
      quantity: 1,
      status: "ISSUED",
      twinId: items.twinId ?? null,
      cardIds: items.cardIds ?? [],
      createdAt,
    },
  });
}

describe("Home at a glance", () => {
  it("counts the last 30 days of this shop only: issued, claimed, claim rate and the top rules", async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    const sent = await Promise.all(
      ["one@example.com", "two@example.com", "three@example.com"].map((email) => createCard(shop, { name: "Sent", media, email })),
    );
    await createCard(shop, { name: "Owned", media, owner: "shopify|42", publicKey: walletKey() });
    const name = await registerName(shop, { name: uniqueName("glance"), publicKey: walletKey() });
    await issueTwin(shop, { name_id: name.uns_name_id, public_key: name.public_key, title: "Mug twin", quantity: 1 });
    await redeem(shop, { code: sent[0]!.redemption!.code!, owner: "shopify|7" }, { address: uniqueClientAddress() });
    // 31 days old, and claimed: outside the window, on both counts.
    const old = await createCard(shop, { name: "Old", media, email: "old@example.com" });
    await redeem(shop, { code: old.redemption!.code!, owner: "shopify|8" }, { address: uniqueClientAddress() });
    await db.unitCard.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 31 * DAY_MS) } });
    // Another shop's cards count for that shop only.
    await createCard(other, { name: "Elsewhere", media, email: "else@example.com" });
    await createCard(other, { name: "Elsewhere", media, email: "else2@example.com" });
    // Top rules: by the items their orders issued in the window.
    const watch = await ruleFor(shop, "Meridian Automatic Watch");
    const mug = await ruleFor(shop, "Aurora Ceramic Mug");
    const candle = await ruleFor(shop, "Hinoki Bath Candle");
    await orderIssue(shop, mug.id, { cardIds: ["card_a"] });
    await orderIssue(shop, watch.id, { twinId: "twin_a", cardIds: ["card_b", "card_c"] });
    await orderIssue(shop, candle.id, { cardIds: ["card_d", "card_e", "card_f", "card_g"] }, new Date(Date.now() - 31 * DAY_MS));
    const othersMug = await ruleFor(other, "Aurora Ceramic Mug");
    await orderIssue(other, othersMug.id, { cardIds: ["card_h", "card_i", "card_j", "card_k", "card_l"] });

    const glance = await glanceOf(shop);

    expect(glance).toMatchObject({ issued: 5, sentToClaim: 3, claimed: 1 });
    expect(glance.claimRate).toBeCloseTo(1 / 3);
    expect(glance.days).toHaveLength(30);
    expect(glance.days.reduce((sum, day) => sum + day.issued, 0)).toBe(5);
    expect(glance.days.at(-1)).toMatchObject({ issued: 5, claimed: 1 });
    expect(glance.topRules).toEqual([
      { ruleId: watch.id, targetTitle: "Meridian Automatic Watch", items: 3 },
      { ruleId: mug.id, targetTitle: "Aurora Ceramic Mug", items: 1 },
    ]);
    expect(await glanceOf(other)).toMatchObject({
      issued: 2,
      sentToClaim: 2,
      claimed: 0,
      claimRate: 0,
      topRules: [{ ruleId: othersMug.id, targetTitle: "Aurora Ceramic Mug", items: 5 }],
    });

    // The same numbers as text, for screen readers, in English and in French.
    const english = await getPage("/app", shop);
    expect(english.text).toContain("Last 30 days Issued 5 Claimed 1 Claim rate 33.3%");
    expect(english.text).toContain("1 of the 3 cards sent to be claimed in these 30 days were claimed.");
    expect(english.text).toContain("Meridian Automatic Watch: 3 items issued");
    expect(english.text).toContain("Aurora Ceramic Mug: 1 item issued");
    const french = await getPage("/app?locale=fr", shop);
    expect(french.text).toContain("30 derniers jours Émis 5 Récupérées 1 Taux de récupération 33,3 %");
    expect(french.text).toContain("Meridian Automatic Watch : 3 éléments émis");
  });

  it("says no card was sent to claim rather than a rate of nothing", async () => {
    const shop = uniqueShop();
    const glance = await glanceOf(shop);
    expect(glance).toMatchObject({ issued: 0, sentToClaim: 0, claimed: 0, claimRate: null, topRules: [] });
    const page = await getPage("/app", shop);
    expect(page.text).toContain("Claim rate No card sent to claim");
  });
});

describe("Home checklist: the theme editor's deep links", () => {
  it("links each storefront block into the theme editor with the block being added, in the top window", async () => {
    const shop = uniqueShop();
    const page = await getPage("/app", shop);
    const links = [...page.body.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    for (const block of ["my-cards", "claim-card"]) {
      const href = `https://${shop}/admin/themes/current/editor?template=page&amp;addAppBlockId=test-api-key/${block}&amp;target=newAppsSection`;
      const link = links.find((tag) => tag.includes(`href="${href}"`));
      expect(link, `a link to add ${block}`).toBeDefined();
      expect(link).toContain('target="_top"');
    }
    expect(page.text).toContain("Add the “My cards” block in the theme editor");
    expect((await getPage("/app?locale=fr", shop)).text).toContain("Ajouter le bloc « Récupérer une carte » dans l’éditeur de thème");
  });
});

describe("Automation: the target is checked in the shop", () => {
  const ruleField = (target: { targetType: string; targetId: string; targetTitle: string }) =>
    JSON.stringify({
      ...target,
      trigger: "PAID",
      issueTwin: true,
      issueCard: false,
      cardPerUnit: true,
      name: "",
      imageUrls: "",
      videoUrls: "",
      metadata: [],
      editionSize: "",
    });

  it("refuses a forged id and another shop's product at the target, in the merchant's language, and saves nothing", async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    const elsewhere = (await (
      await fetch(`${adminApiStubUrl}/_stub/products`, {
        method: "POST",
        body: JSON.stringify({ shop: other, title: "Other shop's lamp" }),
      })
    ).json()) as { gid: string };

    const forged = await submitFetcher("/app/automation/new", shop, {
      intent: "save",
      rule: ruleField({ targetType: "PRODUCT", targetId: "gid://shopify/Product/123456789", targetTitle: "Forged" }),
    });
    const foreign = await submitFetcher("/app/automation/new?locale=fr", shop, {
      intent: "save",
      rule: ruleField({ targetType: "PRODUCT", targetId: elsewhere.gid, targetTitle: "Other shop's lamp" }),
    });

    expect(forged.status).toBe(200);
    expect(forged.result).toMatchObject({
      ok: false,
      fieldErrors: { targetId: "No such product, variant or collection in this shop: pick it again" },
    });
    expect(foreign.result).toMatchObject({
      ok: false,
      fieldErrors: {
        targetId: "Aucun produit, variante ou collection de cette boutique ne porte cet identifiant\u00a0: choisissez-le à nouveau",
      },
    });
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);

    // The shop that has it saves it, under the title Shopify gives (not the one posted).
    const own = await submitFetcher("/app/automation/new", other, {
      intent: "save",
      rule: ruleField({ targetType: "PRODUCT", targetId: elsewhere.gid, targetTitle: "Typed by hand" }),
    });
    expect(own.result).toMatchObject({ ok: true, data: { targetTitle: "Other shop's lamp" } });
  });

  it("saves a variant and a collection under their Shopify titles", async () => {
    const shop = uniqueShop();
    const product = DEMO_PRODUCTS[0]!;
    const collection = DEMO_COLLECTIONS[0]!;

    const variant = await submitFetcher("/app/automation/new", shop, {
      intent: "save",
      rule: ruleField({ targetType: "VARIANT", targetId: product.variantGid, targetTitle: "As picked" }),
    });
    const grouped = await submitFetcher("/app/automation/new", shop, {
      intent: "save",
      rule: ruleField({ targetType: "COLLECTION", targetId: collection.gid, targetTitle: "As picked" }),
    });

    expect(variant.result).toMatchObject({ ok: true, data: { targetTitle: `${product.title} - Default Title` } });
    expect(grouped.result).toMatchObject({ ok: true, data: { targetTitle: collection.title } });
  });
});
