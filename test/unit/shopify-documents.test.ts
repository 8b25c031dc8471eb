import { describe, expect, it } from "vitest";
import { checkDocument, checkShopifyDocuments } from "../../scripts/shopify-documents";

// `npm run shopify:check` inside `npm test`: every GraphQL document the app sends is
// valid for the pinned Admin API version (2026-07), within Shopify's cost limit and,
// for a bulk query, within the bulk limits; and the check does catch what Shopify refuses.

describe("the app's GraphQL documents against Shopify's published schemas", () => {
  it("are all valid for the pinned version, within 1,000 points, and all listed", () => {
    const { pinned, next, unlisted } = checkShopifyDocuments();
    expect(pinned.filter((report) => report.problems.length > 0)).toEqual([]);
    expect(unlisted).toEqual([]);
    expect(pinned.length).toBeGreaterThanOrEqual(18);
    expect(next.map((report) => report.version)).toEqual(next.map(() => "2026-10"));
  });

  it("catches the shop profile that asked the Admin API for Shop.brand", () => {
    const report = checkDocument(
      { name: "old profile", api: "admin", document: "query TwinCardsShopProfile { shop { id name brand { logo { image { url } } } } }" },
      "2026-07",
    );
    expect(report.problems).toEqual(["Field 'brand' doesn't exist on type 'Shop' (at query TwinCardsShopProfile › shop › brand)"]);
  });

  it("catches a bulk query nesting connections three deep, and a query over the cost limit", () => {
    const bulk = checkDocument(
      {
        name: "old bulk query",
        api: "admin",
        bulk: true,
        document: `{ orders(query: "x") { edges { node { id lineItems { edges { node { id product { id collections { edges { node { id } } } } } } } } } } }`,
      },
      "2026-07",
    );
    expect(bulk.problems).toEqual([
      "bulk query: Bulk queries cannot contain connections with a nesting depth greater than 2 (this one nests 3).",
    ]);
    const dear = checkDocument(
      {
        name: "old order",
        api: "admin",
        document:
          'query { order(id: "gid://shopify/Order/1") { lineItems(first: 250) { nodes { product { collections(first: 50) { nodes { id } } } } } } }',
      },
      "2026-07",
    );
    expect(dear.problems).toEqual(["costs 13503 points, over Shopify's single query limit of 1000 (MAX_COST_EXCEEDED)"]);
  });
});
