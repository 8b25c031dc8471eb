import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { identityOf } from "~/domain/item-products.server";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";
import { bindTag, retireTag, setUpTagKeyring, tagsOfTwin } from "~/domain/nfc-tags.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { stores } from "~/domain/stores";
import { visibleText } from "../support/admin";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { PATH_PREFIX, proxyFetch, proxySignature, renderedPage, signedProxyUrl } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { flipHexBit, simulatedTag } from "../support/ntag";

/** A shop with its tag keys, a live twin and a tag bound to it. */
async function shopWithTag(title = "Harbor watch") {
  const shop = uniqueShop();
  const { masterKey } = await setUpTagKeyring(shop, "");
  const name = await registerName(shop, { name: uniqueName("holder"), publicKey: walletKey(), owner: "shopify|7001" });
  const twin = await issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
  const tag = simulatedTag(masterKey);
  const bound = await bindTag(shop, twin.id, tag.uid, true);
  return { shop, masterKey, twin, tag, bound };
}

const tapPath = (query: Record<string, string>) => `/proxy/t?${new URLSearchParams(query).toString()}`;
const tap = (shop: string, query: Record<string, string>) => proxyFetch(signedProxyUrl(tapPath(query), { shop }));
const stateOf = async (shop: string, tagId: string) => (await stores().nfcTags.byId(shop, tagId))!;

describe("a tap of an NTAG 424 DNA tag", () => {
  it("says authentic with the tap's number and the twin's page, in the shopper's language, never the UID", async () => {
    const { shop, tag, bound } = await shopWithTag();
    const first = await tap(shop, tag.tap());
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const english = await renderedPage(first);
    expect(visibleText(english)).toContain("Authentic: tap number 1");
    expect(visibleText(english)).toContain("Harbor watch");
    expect(english.toUpperCase()).not.toContain(tag.uid);
    const second = await tap(shop, tag.tap());
    expect(visibleText(await renderedPage(second, "fr"))).toContain("Authentique : lecture nº 2");
    const state = await stateOf(shop, bound.id);
    expect(state.lastCounter).toBe(2);
    expect(state.lastTapAt).not.toBeNull();
  });

  it("says the link was copied for the same URL twice and for an older counter, and counts it on the tag", async () => {
    const { shop, tag, bound } = await shopWithTag();
    const fifth = tag.tapAt(5);
    expect((await tap(shop, fifth)).status).toBe(200);
    const again = await tap(shop, fifth);
    expect(again.status).toBe(409);
    expect(visibleText(await renderedPage(again))).toContain("This link was copied");
    const older = await tap(shop, tag.tapAt(3));
    expect(older.status).toBe(409);
    expect(visibleText(await renderedPage(older, "fr"))).toContain("Ce lien a été copié");
    expect(await stateOf(shop, bound.id)).toMatchObject({ lastCounter: 5, copiedCount: 2, invalidCount: 0 });
  });

  it("says not genuine for a flipped bit in picc_data or cmac, another shop's tag and a retired tag", async () => {
    const { shop, tag, bound } = await shopWithTag();
    const good = tag.tapAt(1);
    const notGenuine = async (response: Response) => {
      expect(response.status).toBe(404);
      expect(visibleText(await renderedPage(response))).toContain("Not a genuine tag");
    };
    await notGenuine(await tap(shop, { ...good, picc_data: flipHexBit(good.picc_data, 5) }));
    await notGenuine(await tap(shop, { ...good, cmac: flipHexBit(good.cmac, 60) }));
    expect(await stateOf(shop, bound.id)).toMatchObject({ lastCounter: null, invalidCount: 1 });
    // Another shop with its own keys: this shop's tag means nothing there, and its own tag nothing here.
    const other = await shopWithTag();
    await notGenuine(await tap(other.shop, good));
    await notGenuine(await tap(shop, other.tag.tapAt(1)));
    expect(await stateOf(other.shop, other.bound.id)).toMatchObject({ lastCounter: null, invalidCount: 0 });
    // The untouched URL still passes: the bad taps took nothing.
    expect((await tap(shop, good)).status).toBe(200);
    await retireTag(shop, bound.id);
    await notGenuine(await tap(shop, tag.tapAt(2)));
  });

  it("lets one of two racing taps with the same counter pass, the other is a copy", async () => {
    const { shop, tag, bound } = await shopWithTag();
    const url = tag.tapAt(7);
    const statuses = (await Promise.all([tap(shop, url), tap(shop, url), tap(shop, url)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await stateOf(shop, bound.id)).toMatchObject({ lastCounter: 7, copiedCount: 2 });
  });

  it("answers 400 in the shopper's language for missing, malformed or repeated parameters, and records nothing", async () => {
    const { shop, tag, bound } = await shopWithTag();
    const good = tag.tapAt(1);
    const bad: Record<string, string>[] = [
      { picc_data: good.picc_data },
      { cmac: good.cmac },
      { picc_data: `${good.picc_data.slice(0, 30)}ZZ`, cmac: good.cmac },
      { picc_data: good.picc_data.slice(0, 30), cmac: good.cmac },
      { picc_data: good.picc_data, cmac: `${good.cmac}00` },
      { picc_data: "", cmac: "" },
    ];
    for (const query of bad) {
      const response = await tap(shop, query);
      expect(response.status).toBe(400);
      expect(visibleText(await renderedPage(response, "fr"))).toContain("Ce lien de puce est incomplet");
    }
    // ?cmac=a&cmac=b, signed as Shopify signs it (the values joined by ","): refused before anything is read.
    const repeated = new URL(signedProxyUrl(tapPath(good), { shop }));
    repeated.searchParams.append("cmac", good.cmac);
    repeated.searchParams.set("signature", proxySignature(repeated.searchParams));
    const response = await proxyFetch(repeated.toString(), { clientAddress: uniqueClientAddress() });
    expect(response.status).toBe(400);
    expect(visibleText(await renderedPage(response))).toContain("This tag link is incomplete");
    expect(await stateOf(shop, bound.id)).toMatchObject({ lastCounter: null, copiedCount: 0, invalidCount: 0 });
    // The good URL was never used up.
    expect((await tap(shop, good)).status).toBe(200);
  });
});

describe("the per-visitor limit taps share with the verification page and the GS1 resolver", () => {
  it("answers a tap, the resolver's page and linkset, and the verification page 429 with Retry-After past the visitor's limit", async () => {
    const { shop, twin, tag, bound } = await shopWithTag();
    const name = await registerName(shop, { name: uniqueName("holder"), publicKey: walletKey(), owner: "shopify|7004" });
    const input = parseInput(issueTwinInput, { public_key: name.public_key, name_id: name.uns_name_id, title: "Sneaker", quantity: 1 });
    const sneaker = await issueTwinTo(shop, input, NO_SERIAL, true, true, {
      productId: "gid://shopify/Product/1001",
      variantId: "gid://shopify/ProductVariant/2002",
      barcode: "4006381333931",
      productUrl: null,
    });
    const resolverPath = `/proxy${new URL((await identityOf(shop, sneaker.id))!.digitalLink!).pathname.slice(PATH_PREFIX.length)}`;
    const visitor = uniqueClientAddress();
    const from = (path: string, address = visitor, headers: Record<string, string> = {}) =>
      proxyFetch(signedProxyUrl(path, { shop }), { clientAddress: address, headers });

    // The visitor's first tap is served, and opens their bucket; it is then emptied well past what a
    // second of refill gives back, as 100 lookups in a moment would, without making them.
    expect((await from(tapPath(tag.tap()))).status).toBe(200);
    const emptied =
      await db.$executeRaw`UPDATE "RateLimitBucket" SET "tokens" = -100 WHERE "limit" = 'verify-address' AND "key" = ${visitor}`;
    expect(emptied).toBe(1);

    const limited = [
      await from(tapPath(tag.tap())),
      await from(resolverPath),
      await from(`${resolverPath}?linkType=linkset`),
      await from(resolverPath, visitor, { Accept: "application/linkset+json" }),
      await from(`/proxy/v/${twin.verifyUrl.split("/").at(-1)}`),
    ];
    for (const response of limited) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(60);
    }
    // The refused tap was not counted: the tag's last accepted counter is still the first tap's.
    expect(await stateOf(shop, bound.id)).toMatchObject({ lastCounter: 1, copiedCount: 0, invalidCount: 0 });
    // Another visitor is served.
    expect((await from(tapPath(tag.tap()), uniqueClientAddress())).status).toBe(200);
    expect((await from(resolverPath, uniqueClientAddress())).status).toBe(200);
  });
});

describe("binding a tag", () => {
  it("refuses a tag already bound, naming the twin it belongs to", async () => {
    const { shop, twin, tag } = await shopWithTag("Harbor watch");
    const name = await registerName(shop, { name: uniqueName("holder"), publicKey: walletKey(), owner: "shopify|7002" });
    const second = await issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title: "Other", quantity: 1 });
    await expect(bindTag(shop, second.id, tag.uid, true)).rejects.toMatchObject({
      details: [{ path: "uid", message: expect.stringContaining(`“Harbor watch” (${twin.id})`) }],
    });
    expect(await tagsOfTwin(shop, second.id)).toEqual([]);
  });

  it("refuses NXP's all-zero factory keys for a live twin's tag", async () => {
    const shop = uniqueShop();
    await setUpTagKeyring(shop, "00".repeat(16));
    const name = await registerName(shop, { name: uniqueName("holder"), publicKey: walletKey(), owner: "shopify|7003" });
    const twin = await issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title: "Live", quantity: 1 });
    await expect(bindTag(shop, twin.id, simulatedTag("00".repeat(16)).uid, true)).rejects.toMatchObject({
      details: [{ path: "uid", message: expect.stringContaining("factory keys") }],
    });
    expect(await tagsOfTwin(shop, twin.id)).toEqual([]);
  });
});
