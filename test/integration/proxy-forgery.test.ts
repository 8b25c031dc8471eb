import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { uniqueShop } from "../support/api";
import { PATH_PREFIX, postForm, postJson, proxyFetch, proxySignature, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";

// An attacker holds one URL Shopify's proxy signed for their own session and
// adds parameters in front of it, hoping the app reads another customer or shop
// from the copy the signature did not cover. Every proxy route must refuse.

const now = () => Math.floor(Date.now() / 1000);

/** `signedUrl` with `extra` put in front of its query: the signature still matches the last copies. */
function prepend(signedUrl: string, extra: Record<string, string>): string {
  const url = new URL(signedUrl);
  url.search = `?${new URLSearchParams(extra)}&${url.search.slice(1)}`;
  return url.toString();
}

/** A URL with `customerIds` as repeated `logged_in_customer_id`, signed as Shopify would (values joined by ","). */
function signedWithRepeatedCustomer(path: string, shop: string, customerIds: string[]): string {
  const url = new URL(signedProxyUrl(path, { shop, customerId: customerIds[0] }));
  const query = url.searchParams;
  query.delete("signature");
  query.delete("logged_in_customer_id");
  for (const id of customerIds) query.append("logged_in_customer_id", id);
  query.set("signature", proxySignature(query));
  return url.toString();
}

async function victimWithCard() {
  const shop = uniqueShop();
  const victim = uniqueCustomerId();
  const name = `Victim card ${randomUUID().slice(0, 8)}`;
  await createCard(shop, { name, media: { imageUrls: [] }, owner: `shopify|${victim}`, publicKey: walletKey() });
  return { shop, victim, name };
}

async function pendingCode(shop: string) {
  const card = await createCard(shop, { name: "Waiting", media: { imageUrls: [] }, email: "jane@example.com" });
  return { cardId: card.id, code: card.redemption!.code! };
}

const cardStatus = async (id: string) => (await db.unitCard.findUniqueOrThrow({ where: { id } })).status;

describe("app proxy: a signed parameter may appear only once", () => {
  it("refuses a victim's customer id put in front of the attacker's own signed read, on JSON and Liquid pages", async () => {
    const { shop, victim, name } = await victimWithCard();
    const attacker = uniqueCustomerId();

    for (const path of ["/proxy/cards", "/proxy"]) {
      const forged = prepend(signedProxyUrl(path, { shop, customerId: attacker }), { logged_in_customer_id: victim });
      const response = await proxyFetch(forged);
      const body = await response.text();

      expect(response.status, path).toBe(400);
      expect(body, path).not.toContain(name);
    }
  });

  it("refuses another shop put in front of a signed read", async () => {
    const { shop, victim, name } = await victimWithCard();

    const forged = prepend(signedProxyUrl("/proxy/cards", { shop: uniqueShop(), customerId: victim }), { shop });
    const response = await proxyFetch(forged);

    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain(name);
  });

  it("refuses repeated parameters even when the signature covers them the way Shopify joins them (a=1,2)", async () => {
    const { shop, victim, name } = await victimWithCard();
    const attacker = uniqueCustomerId();

    for (const ids of [
      [victim, attacker],
      [attacker, victim],
    ]) {
      const response = await proxyFetch(signedWithRepeatedCustomer("/proxy/cards", shop, ids));

      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain(name);
    }
  });

  it("takes a page's own parameter repeated as Shopify signs it (extra=1&extra=2 signed as extra=1,2)", async () => {
    const { shop, victim, name } = await victimWithCard();
    const url = new URL(signedProxyUrl("/proxy/cards", { shop, customerId: victim }));
    url.searchParams.delete("signature");
    url.searchParams.append("extra", "1");
    url.searchParams.append("extra", "2");
    url.searchParams.set("signature", proxySignature(url.searchParams));

    const response = await proxyFetch(url.toString());

    expect(response.status).toBe(200);
    expect(await response.text()).toContain(name);
    // A repeat Shopify did not sign (a copy put in front of a signed extra=1) is still refused.
    const unsigned = prepend(signedProxyUrl("/proxy/cards?extra=1", { shop, customerId: victim }), { extra: "2" });
    expect((await proxyFetch(unsigned)).status).toBe(400);
  });

  it("refuses a repeated signature, timestamp or path prefix", async () => {
    const signed = signedProxyUrl("/proxy/cards", { shop: uniqueShop(), customerId: uniqueCustomerId() });
    const signature = new URL(signed).searchParams.get("signature")!;

    const extras: Record<string, string>[] = [{ signature }, { timestamp: String(now()) }, { path_prefix: PATH_PREFIX }];
    for (const extra of extras) {
      expect((await proxyFetch(prepend(signed, extra))).status, Object.keys(extra)[0]).toBe(400);
    }
  });

  it("refuses a claim made in a victim's name: the code stays unclaimed (JSON and HTML form)", async () => {
    const shop = uniqueShop();
    const { cardId, code } = await pendingCode(shop);
    const forgedUrl = prepend(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      logged_in_customer_id: uniqueCustomerId(),
    });

    const json = await postJson(forgedUrl, { code, publicKey: walletKey() });
    const form = await postForm(forgedUrl, { code, publicKey: walletKey() });

    expect(json.status).toBe(400);
    expect(form.status).toBe(400);
    expect(await cardStatus(cardId)).toBe("PENDING_REDEMPTION");
  });

  it("refuses a claim in another shop put in front of the signed one", async () => {
    const shop = uniqueShop();
    const { cardId, code } = await pendingCode(shop);
    const forged = prepend(signedProxyUrl("/proxy/redeem", { shop: uniqueShop(), customerId: uniqueCustomerId() }), { shop });

    const response = await postJson(forged, { code, publicKey: walletKey() });

    expect(response.status).toBe(400);
    expect(await cardStatus(cardId)).toBe("PENDING_REDEMPTION");
  });

  it("refuses a name registration in a victim's name, prepended or signed as Shopify joins repeats: no name is written", async () => {
    const shop = uniqueShop();
    const victim = uniqueCustomerId();
    const attacker = uniqueCustomerId();
    const forgedUrls = [
      prepend(signedProxyUrl("/proxy/names", { shop, customerId: attacker }), { logged_in_customer_id: victim }),
      signedWithRepeatedCustomer("/proxy/names", shop, [victim, attacker]),
    ];

    for (const forged of forgedUrls) {
      const name = uniqueName("forged");
      const response = await postJson(forged, { name, publicKey: walletKey() });

      expect(response.status).toBe(400);
      expect(await db.universalName.findFirst({ where: { name } })).toBeNull();
    }
    expect(await db.universalName.count({ where: { owner: `shopify|${victim}` } })).toBe(0);
  });

  it("refuses a claim page whose code is repeated: the page never shows a value the signature did not cover as signed", async () => {
    const signed = signedProxyUrl("/proxy/redeem?code=AAAA-BBBB-CCCC", { shop: uniqueShop(), customerId: uniqueCustomerId() });

    const response = await proxyFetch(prepend(signed, { code: "ZZZZ-ZZZZ-ZZZZ" }));

    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("ZZZZ-ZZZZ-ZZZZ");
  });

  it("answers a bogus shop in a validly signed query with 400, not a server error", async () => {
    for (const shop of ["%ZZ", "evil.com", "", "a".repeat(300) + ".myshopify.com"]) {
      const response = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: uniqueCustomerId() }));

      expect(response.status, shop).toBe(400);
    }
  });
});
