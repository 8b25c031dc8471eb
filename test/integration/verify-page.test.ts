import { randomUUID } from "node:crypto";
import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { redeem } from "~/domain/redeem.server";
import { metadataJson } from "~/domain/nft-metadata";
import { issueTwin } from "~/domain/twins.server";
import { setVerifyPagesIndexed } from "~/domain/verification.server";
import { adminToken, baseUrl, visibleText } from "../support/admin";
import { shopClient, uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { PATH_PREFIX, proxyFetch, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { readQrPng, readQrSvg } from "../support/qr";

const SHOP_NAME = "Harbor & Pine";
const tokenOf = (verifyUrl: string) => verifyUrl.split("/").at(-1)!;
const pagePath = (verifyUrl: string) => `/proxy/v/${tokenOf(verifyUrl)}`;

/** The page as Shopify renders it on the storefront: Liquid with the shop's name and the visitor's language. */
async function rendered(response: Response, locale = "en"): Promise<string> {
  expect(response.headers.get("content-type")).toBe("application/liquid");
  return new Liquid().parseAndRender(await response.text(), {
    shop: { name: SHOP_NAME },
    request: { locale: { iso_code: locale } },
  }) as Promise<string>;
}

/** The page through the proxy, from a browser (or the given user agent) at its own address (or the given one). */
const open = (shop: string, verifyUrl: string, init: { userAgent?: string; clientAddress?: string } = {}) =>
  fetch(signedProxyUrl(pagePath(verifyUrl), { shop }), {
    headers: { "User-Agent": init.userAgent ?? USER_AGENT, "X-Forwarded-For": init.clientAddress ?? uniqueClientAddress() },
    redirect: "manual",
  });

/** A customer with a universal name, a twin issued to it and a card they own with a PRIVATE entry; a pending card for an e-mail and phone. */
async function shopWithItems() {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const secret = { key: `margin-${randomUUID().slice(0, 8)}`, value: `secret-${randomUUID().slice(0, 8)}` };
  const name = await registerName(shop, { name: uniqueName("janedoe"), publicKey: walletKey(), owner });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Limited sneaker",
    description: "Hand-made in Porto",
    quantity: 2,
    price: 19.99,
    currency: "USD",
    brand: "Acme",
    categories: ["Shoes"],
    links: ["https://shop.example.com/sneaker"],
    images: ["https://cdn.example.com/sneaker.png"],
  });
  const card = await createCard(shop, {
    name: "Gold membership",
    owner,
    publicKey: name.public_key,
    media: { imageUrls: ["https://cdn.example.com/gold.png"], videoUrls: [] },
    metadata: [
      { key: "edition", value: "First" },
      { key: secret.key, value: secret.value, visibility: "PRIVATE" },
    ],
  });
  const email = `jane.${randomUUID().slice(0, 6)}@example.com`;
  const phone = "+14155550123";
  const pending = await createCard(shop, {
    name: "Secret gift",
    email,
    phone,
    media: { imageUrls: ["https://cdn.example.com/gift.png"], videoUrls: [] },
    metadata: [{ key: secret.key, value: secret.value, visibility: "PRIVATE" }],
  });
  return { shop, customerId, owner, name, twin, card, pending, email, phone, secret, code: pending.redemption!.code! };
}

/** Every private value a page must not show. */
function expectNothingPrivate(html: string, items: Awaited<ReturnType<typeof shopWithItems>>) {
  for (const value of [
    items.email,
    items.phone,
    items.pending.redemption!.email!,
    items.pending.redemption!.phone!,
    items.code,
    items.customerId,
    items.owner,
    items.name.public_key,
    items.name.uns_name,
    items.secret.key,
    items.secret.value,
  ]) {
    expect(html).not.toContain(value);
  }
}

describe("GET /apps/twincards/v/<token>: the public verification page", () => {
  it("shows a twin verified by the shop, its holder's masked universal name, and nothing private", async () => {
    const items = await shopWithItems();
    expect(items.twin.verifyUrl).toMatch(new RegExp(`^https://${items.shop}${PATH_PREFIX}/v/[0-9a-f]{32}$`));

    const response = await open(items.shop, items.twin.verifyUrl);

    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const html = await rendered(response);
    // Data for machines (the JSON-LD passport, decision 0063), and the Share button's script, which the page needs
    // nothing else of: without it, Share is a plain link to the page (issue 39, item 12).
    expect(html.match(/<script[^>]*>/gi)).toEqual(['<script type="application/ld+json">', "<script>"]);
    expect(html).toContain(`<a href="${items.twin.verifyUrl}" data-twincards-share`);
    const text = visibleText(html);
    expect(text).toContain("Limited sneaker");
    expect(text).toContain(`✓ Verified: issued by ${SHOP_NAME}`);
    expect(text).toContain(`Held by ${items.name.uns_name.slice(0, 2)}***${items.name.uns_name.at(-1)}`);
    expect(text).toContain("Brand Acme");
    expect(text).toContain("Quantity 2");
    expect(text).toContain("Recorded by the store; not minted on a blockchain.");
    expect(html).toContain('<meta property="og:title" content="Limited sneaker">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/sneaker.png">');
    expectNothingPrivate(html, items);
  });

  it("shows an owned card with its public metadata only, in French on a French storefront", async () => {
    const items = await shopWithItems();

    const response = await open(items.shop, items.card.verifyUrl);

    expect(response.status).toBe(200);
    const html = await rendered(response, "fr");
    const text = visibleText(html);
    expect(text).toContain("Gold membership");
    expect(text).toContain(`Vérifié : émis par ${SHOP_NAME}`);
    expect(text).toContain("Edition First");
    expect(text).toContain(`Détenu par ${items.name.uns_name.slice(0, 2)}***`);
    expectNothingPrivate(html, items);
  });

  it("says a card claimed with no wallet is held by the shop for its owner, in both languages, and shows nothing of the owner", async () => {
    const items = await shopWithItems();
    const owner = `shopify|${uniqueCustomerId()}`;
    await redeem(items.shop, { code: items.code, owner }, { address: uniqueClientAddress() });

    const response = await open(items.shop, items.pending.verifyUrl);

    expect(response.status).toBe(200);
    const english = await response.text();
    const render = (locale: string) =>
      new Liquid().parseAndRender(english, { shop: { name: SHOP_NAME }, request: { locale: { iso_code: locale } } }) as Promise<string>;
    expect(visibleText(await render("en"))).toContain("Held by The store, for its owner");
    expect(visibleText(await render("fr"))).toContain("Détenu par La boutique, pour son détenteur");
    expect(english).not.toContain(owner.split("|")[1]);
    expectNothingPrivate(english, items);
  });

  it("shows of a pending card only that it exists and is not claimed: no name, picture, code or recipient", async () => {
    const items = await shopWithItems();

    const response = await open(items.shop, items.pending.verifyUrl);

    expect(response.status).toBe(200);
    const html = await rendered(response);
    expect(visibleText(html)).toContain(`This card was issued by ${SHOP_NAME} on`);
    expect(visibleText(html)).toContain("has not been claimed yet");
    expect(html).not.toContain("Secret gift");
    expect(html).not.toContain("gift.png");
    expectNothingPrivate(html, items);
  });

  it("answers an unknown token, another shop's token and malformed ids with the 404 page, never a 5xx", async () => {
    const items = await shopWithItems();
    const other = uniqueShop();
    const unknown = `https://x/v/${randomUUID().replace(/-/g, "")}`;
    const cases = [
      signedProxyUrl(pagePath(unknown), { shop: items.shop }),
      signedProxyUrl(pagePath(items.twin.verifyUrl), { shop: other }),
      signedProxyUrl(`/proxy/v/${items.twin.id}`, { shop: items.shop }),
      signedProxyUrl(`/proxy/v/${tokenOf(items.card.verifyUrl).toUpperCase()}`, { shop: items.shop }),
      signedProxyUrl("/proxy/v/%ZZ%E0%A4%A", { shop: items.shop }),
      signedProxyUrl(`/proxy/v/${"a".repeat(4000)}`, { shop: items.shop }),
      signedProxyUrl("/proxy/v/..%2F..%2Fapp", { shop: items.shop }),
    ];
    for (const url of cases) {
      const response = await proxyFetch(url);
      expect(response.status, url.slice(0, 120)).toBeLessThan(500);
      if (response.status === 404) {
        const html = await rendered(response);
        expect(visibleText(html)).toContain("This item cannot be verified");
        expect(html).not.toContain("Limited sneaker");
      } else {
        expect(response.status, url.slice(0, 120)).toBe(414);
      }
    }
  });

  it("refuses a request the proxy did not sign, or signed with another secret, with 400 and no page", async () => {
    const items = await shopWithItems();
    const unsigned = await proxyFetch(`${baseUrl}${pagePath(items.twin.verifyUrl)}?shop=${items.shop}`);
    const forged = await proxyFetch(signedProxyUrl(pagePath(items.twin.verifyUrl), { shop: items.shop, secret: "not-the-secret" }));
    for (const response of [unsigned, forged]) {
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain("Limited sneaker");
    }
  });

  it("gives link-preview crawlers the whole document: Open Graph tags and noindex in <head>, until the merchant allows indexing", async () => {
    const items = await shopWithItems();
    const crawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

    const html = await rendered(await open(items.shop, items.twin.verifyUrl, { userAgent: crawler }));
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
    expect(html).toMatch(/^\s*<!doctype html>/);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain('<meta property="og:title" content="Limited sneaker">');
    expect(head).toContain(`<meta property="og:site_name" content="Harbor &amp; Pine">`);
    expect(head).toContain(`<meta property="og:url" content="${items.twin.verifyUrl}">`);
    expect(head).toContain('<meta property="og:image" content="https://cdn.example.com/sneaker.png">');
    expect(head).toMatch(/<meta property="og:description" content="This item was issued by Harbor &amp; Pine on [^"]+\.">/);
    expectNothingPrivate(html, items);

    await setVerifyPagesIndexed(items.shop, true);
    const indexed = await open(items.shop, items.twin.verifyUrl, { userAgent: crawler });
    expect(indexed.headers.get("x-robots-tag")).toBeNull();
    expect(await rendered(indexed)).not.toContain("noindex");
  });

  it("limits lookups per client address: 60 at once, then 429 with Retry-After", async () => {
    const items = await shopWithItems();
    const clientAddress = uniqueClientAddress();
    // The bucket refills one a second while the pages are served: count what that allows, not a fixed 61.
    const started = Date.now();
    let served = 0;
    let limited: Response | undefined;
    while (!limited) {
      const response = await open(items.shop, items.twin.verifyUrl, { clientAddress });
      if (response.status === 429) {
        limited = response;
      } else {
        expect(response.status).toBe(200);
        served += 1;
      }
    }
    expect(served).toBeGreaterThanOrEqual(60);
    expect(served).toBeLessThanOrEqual(60 + Math.ceil((Date.now() - started) / 1000));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(visibleText(await rendered(limited))).toContain("Too many pages opened");
    expect((await open(items.shop, items.twin.verifyUrl)).status).toBe(200);
  });
});

describe("verifyUrl in /v1 and in NFT metadata", () => {
  it("returns each twin's and card's verifyUrl from /v1, and the NFT metadata links to it", async () => {
    const items = await shopWithItems();
    const { client } = await shopClient(items.shop);
    expect((await client.twins.get(items.twin.id)).verifyUrl).toBe(items.twin.verifyUrl);
    expect((await client.cards.get(items.card.id)).verifyUrl).toBe(items.card.verifyUrl);
    expect((await client.cards.get(items.pending.id)).verifyUrl).toBe(items.pending.verifyUrl);
    expect(new Set([items.twin.verifyUrl, items.card.verifyUrl, items.pending.verifyUrl]).size).toBe(3);

    const twinRow = await db.digitalTwin.findUniqueOrThrow({ where: { id: items.twin.id }, include: { name: true } });
    const cardRow = await db.unitCard.findUniqueOrThrow({ where: { id: items.card.id } });
    expect(metadataJson({ kind: "twin", twin: twinRow }, items.shop).external_url).toBe(items.twin.verifyUrl);
    expect(metadataJson({ kind: "card", card: cardRow }, items.shop).external_url).toBe(items.card.verifyUrl);
  });
});

describe("GET /app/verify-qr/<id>: the QR code in admin", () => {
  const qr = (shop: string, id: string, format: string, download = false) =>
    fetch(`${baseUrl}/app/verify-qr/${id}?format=${format}${download ? "&download=1" : ""}`, {
      headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(shop)}` },
    });

  it("draws each item's verification URL as a PNG and an SVG that a QR reader decodes back to it", async () => {
    const items = await shopWithItems();
    for (const item of [items.twin, items.card, items.pending]) {
      const png = await qr(items.shop, item.id, "png", true);
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("content-disposition")).toBe(`attachment; filename="verify-${item.id}.png"`);
      expect(readQrPng(Buffer.from(await png.arrayBuffer()))).toBe(item.verifyUrl);

      const svg = await qr(items.shop, item.id, "svg");
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      expect(readQrSvg(await svg.text())).toBe(item.verifyUrl);
    }
  });

  it("answers 404 for another shop's item or an unknown id, 400 for another format, and needs the admin session", async () => {
    const items = await shopWithItems();
    expect((await qr(uniqueShop(), items.twin.id, "png")).status).toBe(404);
    expect((await qr(items.shop, "twin_01ARZ3NDEKTSV4RRFFQ69G5FAV", "png")).status).toBe(404);
    expect((await qr(items.shop, "nonsense", "svg")).status).toBe(404);
    expect((await qr(items.shop, items.twin.id, "gif")).status).toBe(400);
    const anonymous = await fetch(`${baseUrl}/app/verify-qr/${items.twin.id}?format=png`, {
      headers: { "User-Agent": USER_AGENT },
      redirect: "manual",
    });
    expect(anonymous.headers.get("content-type")).not.toBe("image/png");
  });
});
