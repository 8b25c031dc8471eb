import { describe, expect, it } from "vitest";
import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { customerFactsReader } from "~/adapters/shopify/customer-facts.server";

const CUSTOMER = {
  customer: {
    locale: "fr",
    firstName: "Camille",
    email: "camille@example.com",
    verifiedEmail: true,
    defaultEmailAddress: { emailAddress: "camille@example.com" },
  },
};

/** An Admin API that counts the reads it answers, each after `release()`. */
function countingAdmin() {
  let reads = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const graphql: GraphqlClient = (async () => {
    reads++;
    await gate;
    return new Response(JSON.stringify({ data: CUSTOMER }));
  }) as unknown as GraphqlClient;
  return { admin: async () => graphql, reads: () => reads, release: () => release() };
}

describe("what Shopify says of a customer", () => {
  it("is read once for the asks of one page that come at the same time, and all of them get the answer", async () => {
    const shopify = countingAdmin();
    const reader = customerFactsReader(shopify.admin);
    const asks = [reader.about("a.myshopify.com", "7"), reader.about("a.myshopify.com", "7"), reader.about("a.myshopify.com", "8")];
    shopify.release();
    const [first, second, other] = await Promise.all(asks);
    expect(first).toMatchObject({ firstName: "Camille", verifiedEmail: "camille@example.com" });
    expect(second).toEqual(first);
    expect(other).toEqual(first);
    // Customer 7's two asks shared one read; customer 8 had its own; a later ask is served from what was kept.
    expect(shopify.reads()).toBe(2);
    await reader.about("a.myshopify.com", "7");
    expect(shopify.reads()).toBe(2);
  });
});
