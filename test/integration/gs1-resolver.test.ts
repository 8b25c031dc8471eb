import { createRequire } from "node:module";
import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import { setProductLink, identityOf, type ProductSource } from "~/domain/item-products.server";
import { registerName } from "~/domain/names.server";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";
import { visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { PATH_PREFIX, proxyFetch, signedProxyUrl } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";

const { DigitalLink } = createRequire(import.meta.url)("digital-link.js") as {
  DigitalLink: (uri: string) => { isValid(): boolean };
};

// An EAN-13 with a valid check digit (GS1's example), and the product page its variant has.
const EAN_13 = "4006381333931";
const PRODUCT_URL = "https://harbor-and-pine.example.com/products/sneaker";

const product = (barcode: string | null): ProductSource => ({
  productId: "gid://shopify/Product/1001",
  variantId: "gid://shopify/ProductVariant/2002",
  barcode,
  productUrl: PRODUCT_URL,
});

/** A live twin issued for a variant with `barcode`, and what the app recorded of its product. */
async function twinOf(shop: string, barcode: string | null, title = "Limited sneaker") {
  const name = await registerName(shop, { name: uniqueName("holder"), publicKey: walletKey(), owner: "shopify|4242" });
  const input = parseInput(issueTwinInput, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
  const twin = await issueTwinTo(shop, input, NO_SERIAL, true, true, product(barcode));
  return { twin, identity: (await identityOf(shop, twin.id))! };
}

/** The storefront path of a Digital Link (`/apps/twincards/01/…`) as the proxy forwards it (`/proxy/01/…`), with `query`. */
const proxied = (digitalLink: string, query = "") => `/proxy${new URL(digitalLink).pathname.slice(PATH_PREFIX.length)}${query}`;

/** The page as Shopify renders it: Liquid with the shop's name (the JSON-LD's brand) and the visitor's language. */
async function rendered(response: Response, locale: string): Promise<string> {
  expect(response.headers.get("content-type")).toBe("application/liquid");
  return new Liquid().parseAndRender(await response.text(), {
    shop: { name: "Harbor & Pine" },
    request: { locale: { iso_code: locale } },
  }) as Promise<string>;
}

const get = (shop: string, path: string, headers: Record<string, string> = {}) => proxyFetch(signedProxyUrl(path, { shop }), { headers });

describe("the GS1 Digital Link resolver", () => {
  it("gives a twin of a product with a GTIN a Digital Link that GS1's SDK accepts, on the shop's domain", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, ` ${EAN_13} `);
    expect(identity.gtin).toBe(`0${EAN_13}`);
    expect(identity.digitalLink).toBe(`https://${shop}${PATH_PREFIX}/01/0${EAN_13}/21/${identity.serial}`);
    expect(DigitalLink(identity.digitalLink!).isValid()).toBe(true);
    expect(twin.verifyUrl).not.toBe(identity.digitalLink);
  });

  it("answers a browser with the verification page, its JSON-LD passport and a Link to the linkset", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, EAN_13, "Harbor sneaker");
    const response = await get(shop, proxied(identity.digitalLink!));
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("link")).toBe(`<${identity.digitalLink}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    const page = await rendered(response, "fr");
    expect(visibleText(page)).toContain("Harbor sneaker");
    const passport = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!) as Record<string, unknown>;
    expect(passport).toMatchObject({
      "@type": "IndividualProduct",
      gtin: `0${EAN_13}`,
      serialNumber: identity.serial,
      url: identity.digitalLink,
    });
    expect(page).toContain(twin.verifyUrl.split("/").at(-1)!);
  });

  it("answers a linkset request, by Accept or by ?linkType=linkset, with the item's links as RFC 9264 writes them", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, EAN_13);
    await setProductLink(shop, EAN_13, "sustainabilityInfo", "https://harbor-and-pine.example.com/sustainability");
    for (const response of [
      await get(shop, proxied(identity.digitalLink!), { Accept: "application/linkset+json" }),
      await get(shop, proxied(identity.digitalLink!, "?linkType=linkset")),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/linkset+json");
      expect(response.headers.get("cache-control")).toBe("public, max-age=60");
      const { linkset } = (await response.json()) as { linkset: Record<string, unknown>[] };
      expect(linkset).toHaveLength(1);
      const context = linkset[0]!;
      expect(context.anchor).toBe(identity.digitalLink);
      expect(context["https://gs1.org/voc/pip"]).toEqual([expect.objectContaining({ href: PRODUCT_URL })]);
      expect(context["https://gs1.org/voc/certificationInfo"]).toEqual([expect.objectContaining({ href: twin.verifyUrl })]);
      expect(context["https://gs1.org/voc/sustainabilityInfo"]).toEqual([
        expect.objectContaining({ href: "https://harbor-and-pine.example.com/sustainability" }),
      ]);
      expect(context["https://gs1.org/voc/defaultLink"]).toEqual([expect.objectContaining({ href: twin.verifyUrl })]);
      // A twin has no claim page; the merchant set no instructions.
      expect(context).not.toHaveProperty("https://gs1.org/voc/registerProduct");
      expect(context).not.toHaveProperty("https://gs1.org/voc/instructions");
    }
  });

  it("redirects (307) each link type to its link, and a type the item lacks or the app does not know to the default link", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, EAN_13);
    const location = async (linkType: string) => {
      const response = await get(shop, proxied(identity.digitalLink!, `?linkType=${encodeURIComponent(linkType)}`));
      expect(response.status).toBe(307);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return response.headers.get("location");
    };
    expect(await location("gs1:pip")).toBe(PRODUCT_URL);
    expect(await location("https://gs1.org/voc/pip")).toBe(PRODUCT_URL);
    expect(await location("gs1:certificationInfo")).toBe(twin.verifyUrl);
    expect(await location("gs1:instructions")).toBe(twin.verifyUrl);
    expect(await location("gs1:recipeInfo")).toBe(twin.verifyUrl);
    expect(await location("nonsense")).toBe(twin.verifyUrl);
  });

  it("answers the same 404 for an unknown serial, a bad check digit, another shop's item and an item without a GTIN", async () => {
    const shop = uniqueShop();
    const { identity } = await twinOf(shop, EAN_13);
    const { identity: noGtin } = await twinOf(shop, "ABC-123");
    expect(noGtin.digitalLink).toBeNull();
    expect(noGtin.barcodeProblem).toBe("characters");
    const gtin = identity.gtin!;
    const badCheckDigit = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
    const paths = [
      `/proxy/01/${gtin}/21/zz${identity.serial}`,
      `/proxy/01/${badCheckDigit}/21/${identity.serial}`,
      `/proxy/01/00000000000000/21/${identity.serial}`,
      `/proxy/01/${gtin}/21/${noGtin.itemId.slice(-8)}`,
    ];
    const bodies = new Set<string>();
    for (const path of paths) {
      const response = await get(shop, path);
      expect(response.status).toBe(404);
      bodies.add(await response.text());
      const linkset = await get(shop, path, { Accept: "application/linkset+json" });
      expect(linkset.status).toBe(404);
      expect(await linkset.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    const elsewhere = await get(uniqueShop(), proxied(identity.digitalLink!));
    expect(elsewhere.status).toBe(404);
    bodies.add(await elsewhere.text());
    expect(bodies.size).toBe(1);
  });

  it("refuses a merchant's link that is not an https address, naming the field, and keeps the linkset as it was", async () => {
    const shop = uniqueShop();
    const { identity } = await twinOf(shop, EAN_13);
    await expect(setProductLink(shop, EAN_13, "instructions", "javascript:alert(1)")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "href" }],
    });
    await expect(setProductLink(shop, "4006381333932", "instructions", "https://example.com/a")).rejects.toMatchObject({
      details: [{ path: "gtin" }],
    });
    const response = await get(shop, proxied(identity.digitalLink!, "?linkType=linkset"));
    const { linkset } = (await response.json()) as { linkset: Record<string, unknown>[] };
    expect(linkset[0]).not.toHaveProperty("https://gs1.org/voc/instructions");
  });
});
