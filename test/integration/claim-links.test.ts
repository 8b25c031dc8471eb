import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { getPage, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { sendLocalCopy } from "../support/notify";
import { setStubShop } from "../support/stub-shop";

// Settings → Claim links: where the link in a claim message lands, the theme's
// claim page (default) or the customer account page the merchant pasted.

const SHOP_ID = "71234567";
const ACCOUNT_PAGE = `https://shopify.com/${SHOP_ID}/account/pages/0b6e7c1e-8a0f-4a59-9f1e-5d3c2b1a0f9e`;
const written: string[] = [];
afterAll(() => written.forEach((file) => rmSync(file, { force: true })));

const setting = (shop: string) => db.shopSetup.findUnique({ where: { shop }, select: { claimLinkTarget: true, accountPageUrl: true } });

/** A new shop whose id Shopify (the Admin API stub) says is SHOP_ID: ACCOUNT_PAGE is one of its pages. */
async function shopWithAccountPages(primaryDomain?: string) {
  const shop = uniqueShop();
  await setStubShop(shop, { id: SHOP_ID, ...(primaryDomain ? { primaryDomain } : {}) });
  return shop;
}

/** A card by redemption to an e-mail address, and its queued claim message. */
async function cardByRedemption(shop: string) {
  const card = await createCard(shop, { name: "Gift print", media: { imageUrls: [] }, email: "gift@example.com" });
  const row = await db.notification.findFirstOrThrow({ where: { shop }, orderBy: { createdAt: "desc" } });
  return { card, row, payload: row.payload as unknown as ClaimNotificationPayload };
}

describe("Settings → Claim links", () => {
  it("shows the choice, the theme page by default", async () => {
    const shop = uniqueShop();
    const page = await getPage("/app/settings", shop);

    expect(page.status).toBe(200);
    expect(await setting(shop)).toBeNull();
    const radio = (value: string) => new RegExp(`<input[^>]*value="${value}"[^>]*>`).exec(page.body)?.[0] ?? "";
    expect(radio("THEME")).toContain("checked");
    expect(radio("ACCOUNT")).not.toContain("checked");
    expect(page.text).toContain("Claim links open");
    expect(page.text).toContain("The theme page (/apps/twincards/redeem)");
    expect(page.text).toContain("The customer account page");
    expect(page.text).toContain("Customer account page URL");
  });

  it("saves the customer account page, and the next claim message links there with ?code=", async () => {
    const shop = await shopWithAccountPages();

    const { result } = await submitFetcher("/app/settings", shop, {
      intent: "claim-links",
      target: "ACCOUNT",
      accountPageUrl: ACCOUNT_PAGE,
    });
    const { card, row, payload } = await cardByRedemption(shop);

    expect(result).toMatchObject({ ok: true, data: { target: "ACCOUNT", accountPageUrl: ACCOUNT_PAGE } });
    expect(payload.claimUrl).toBe(`${ACCOUNT_PAGE}?code=${card.redemption!.code}`);
    expect(new URL(payload.claimUrl).searchParams.get("code")).toBe(card.redemption!.code);
    expect(payload.claimTarget).toBe("ACCOUNT");
    // The message as the demo writes it carries the same link, and admin says where it lands.
    written.push(await sendLocalCopy(row.id));
    const detail = await getPage(`/app/notifications/${row.id}`, shop);
    expect(detail.body).toContain(payload.claimUrl);
    expect(detail.text).toContain("Claim link opens The customer account page");
    // The form shows what was saved.
    const settings = await getPage("/app/settings", shop);
    expect(settings.body).toContain(`value="${ACCOUNT_PAGE}"`);
  });

  it("switching back to the theme page restores the theme link", async () => {
    const shop = await shopWithAccountPages();
    await submitFetcher("/app/settings", shop, { intent: "claim-links", target: "ACCOUNT", accountPageUrl: ACCOUNT_PAGE });

    const { result } = await submitFetcher("/app/settings", shop, { intent: "claim-links", target: "THEME", accountPageUrl: ACCOUNT_PAGE });
    const { card, row, payload } = await cardByRedemption(shop);

    expect(result).toMatchObject({ ok: true, data: { target: "THEME" } });
    expect(payload.claimUrl).toBe(`https://${shop}/apps/twincards/redeem?code=${card.redemption!.code}`);
    expect(payload.claimTarget).toBe("THEME");
    const detail = await getPage(`/app/notifications/${row.id}`, shop);
    expect(detail.text).toContain("Claim link opens The theme page");
  });

  it("refuses the customer account page without its URL, at the URL field, and saves nothing", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher("/app/settings", shop, { intent: "claim-links", target: "ACCOUNT", accountPageUrl: "  " });
    const { payload } = await cardByRedemption(shop);

    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { accountPageUrl: "Required when claim links open the customer account page" },
    });
    expect(await setting(shop)).toBeNull();
    expect(payload.claimUrl).toMatch(new RegExp(`^https://${shop}/apps/twincards/redeem\\?code=`));
  });

  it.each([
    ["http://shopify.com/71234567/account/pages/abc", "Must be an absolute https:// URL"],
    ["shopify.com/71234567/account/pages/abc", "Must be an absolute https:// URL"],
    ["javascript:alert(1)", "Must be an absolute https:// URL"],
    ["https://merchant:secret@shopify.com/71234567/account/pages/abc", "Must not carry a user name or password"],
  ])("refuses %s at the URL field and keeps the saved setting", async (url, message) => {
    const shop = await shopWithAccountPages();
    await submitFetcher("/app/settings", shop, { intent: "claim-links", target: "ACCOUNT", accountPageUrl: ACCOUNT_PAGE });

    const { result } = await submitFetcher("/app/settings", shop, { intent: "claim-links", target: "ACCOUNT", accountPageUrl: url });

    expect(result).toMatchObject({ ok: false, fieldErrors: { accountPageUrl: message } });
    expect(await setting(shop)).toEqual({ claimLinkTarget: "ACCOUNT", accountPageUrl: ACCOUNT_PAGE });
  });

  it("accepts only the shop's own addresses: its customer account pages, its myshopify and primary domains", async () => {
    const shop = await shopWithAccountPages("harbor-and-pine.example");
    const save = (url: string) => submitFetcher("/app/settings", shop, { intent: "claim-links", target: "ACCOUNT", accountPageUrl: url });

    for (const own of [
      ACCOUNT_PAGE,
      "https://account.harbor-and-pine.example/pages/0b6e7c1e",
      "https://harbor-and-pine.example/account/pages/0b6e7c1e",
      `https://${shop}/account/pages/0b6e7c1e`,
    ]) {
      expect((await save(own)).result, own).toMatchObject({ ok: true, data: { accountPageUrl: own } });
    }
    const own = `shopify.com/${SHOP_ID}/account/…, harbor-and-pine.example, ${shop}`;
    for (const foreign of [
      "https://shopify.com/99999999/account/pages/0b6e7c1e",
      "https://harbor-and-pine.example.evil.test/pages/x",
      "https://evil.test/apps/twincards/redeem",
    ]) {
      expect((await save(foreign)).result, foreign).toMatchObject({
        ok: false,
        fieldErrors: { accountPageUrl: `Must be an address of this shop: ${own}` },
      });
    }
    expect(await setting(shop)).toEqual({ claimLinkTarget: "ACCOUNT", accountPageUrl: `https://${shop}/account/pages/0b6e7c1e` });
    const french = await submitFetcher("/app/settings?locale=fr", shop, {
      intent: "claim-links",
      target: "ACCOUNT",
      accountPageUrl: "https://evil.test/x",
    });
    expect(french.result).toMatchObject({
      ok: false,
      fieldErrors: { accountPageUrl: `Doit être une adresse de cette boutique\u00a0: ${own}` },
    });
  });

  it("speaks French to a French admin, at the field", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher("/app/settings?locale=fr", shop, { intent: "claim-links", target: "ACCOUNT" });

    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { accountPageUrl: "Obligatoire quand les liens des messages ouvrent la page du compte client" },
    });
    expect(await setting(shop)).toBeNull();
  });
});
