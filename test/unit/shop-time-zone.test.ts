import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetShopTimeZones, shopTimeZone } from "~/faces/admin/shop-time-zone.server";
import type { GraphqlClient } from "~/adapters/shopify/admin-customers.server";
import { readShopTimeZone } from "~/adapters/shopify/shop-time-zone.server";
import { DEMO_SHOP_DOMAIN } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";

// The shop's time zone, for admin dates: from the Admin API, asked once a day per shop.
const DAY_MS = 24 * 60 * 60 * 1000;

/** A GraphQL client that answers the time zone query with `zones` in turn (an Error: Shopify failed), counting calls. */
function fakeShopify(...zones: (string | Error)[]) {
  let calls = 0;
  const graphql: GraphqlClient = async () => {
    const zone = zones[Math.min(calls++, zones.length - 1)];
    if (zone instanceof Error) throw zone;
    return Response.json({ data: { shop: { ianaTimezone: zone } } });
  };
  return { graphql, calls: () => calls };
}

beforeEach(() => forgetShopTimeZones());

describe("the shop's time zone", () => {
  it("is asked of Shopify once, then kept for a day", async () => {
    const shopify = fakeShopify("Europe/Paris", "America/New_York");
    const now = Date.parse("2026-11-23T10:00:00Z");

    expect(await shopTimeZone("a.myshopify.com", shopify.graphql, now)).toBe("Europe/Paris");
    expect(await shopTimeZone("a.myshopify.com", shopify.graphql, now + 60_000)).toBe("Europe/Paris");
    expect(shopify.calls()).toBe(1);

    // A day later the merchant may have moved the shop.
    expect(await shopTimeZone("a.myshopify.com", shopify.graphql, now + DAY_MS + 1)).toBe("America/New_York");
    expect(shopify.calls()).toBe(2);
  });

  it("is asked once for pages of one shop loading at the same moment, and per shop", async () => {
    const shopify = fakeShopify("Asia/Tokyo");
    const zones = await Promise.all([1, 2, 3].map(() => shopTimeZone("b.myshopify.com", shopify.graphql)));
    expect(zones).toEqual(["Asia/Tokyo", "Asia/Tokyo", "Asia/Tokyo"]);
    expect(shopify.calls()).toBe(1);

    await shopTimeZone("c.myshopify.com", shopify.graphql);
    expect(shopify.calls()).toBe(2);
  });

  it("is UTC while Shopify cannot answer (the page still loads), and asked again a minute later", async () => {
    const shopify = fakeShopify(new Error("Admin API down"), "Europe/Paris");
    const now = Date.parse("2026-11-23T10:00:00Z");

    expect(await shopTimeZone("d.myshopify.com", shopify.graphql, now)).toBe("UTC");
    expect(await shopTimeZone("d.myshopify.com", shopify.graphql, now + 30_000)).toBe("UTC");
    expect(shopify.calls()).toBe(1);
    expect(await shopTimeZone("d.myshopify.com", shopify.graphql, now + 61_000)).toBe("Europe/Paris");
  });

  it("is UTC when Shopify names a zone this server's Intl does not know", async () => {
    expect(await shopTimeZone("e.myshopify.com", fakeShopify("Mars/Olympus_Mons").graphql)).toBe("UTC");
  });
});

describe("the Admin API stub", () => {
  let stub: AdminApiStub;
  beforeAll(async () => {
    stub = await startAdminApiStub({ port: 0 });
  });
  afterAll(() => stub?.close());

  const clientFor = async (shop: string): Promise<GraphqlClient> => stubGraphql(stub.url, shop, await stubAccessToken(stub.url));

  it("puts the demo shop in Paris, so the demo shows times that are not UTC, and other shops on UTC", async () => {
    expect(await readShopTimeZone(await clientFor(DEMO_SHOP_DOMAIN))).toBe("Europe/Paris");
    expect(await readShopTimeZone(await clientFor("test-shop.myshopify.com"))).toBe("Etc/UTC");
    expect(stub.requests.filter((request) => request.operation === "TwinCardsShopTimeZone")).toHaveLength(2);
  });
});
