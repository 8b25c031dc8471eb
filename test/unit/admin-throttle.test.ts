import { GraphqlQueryError } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { run, type GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { ShopifyThrottledError, type ThrottleRetry } from "~/adapters/shopify/admin-throttle.server";

// Shopify's THROTTLED answer, as its "API rate limits" page shows it: HTTP 200, nothing ran,
// and extensions.cost saying what the query asked for and what the bucket holds.
const throttledBody = (requested: number, available: number, restoreRate = 100) => ({
  errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
  extensions: {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate },
    },
  },
});
const dataBody = { data: { shop: { ianaTimezone: "Europe/Paris" } } };

/** A client answering `answers` in turn, counting the calls. */
function scripted(...answers: (object | Error)[]) {
  const client = Object.assign(
    (async () => {
      const answer = answers[client.calls++]!;
      if (answer instanceof Error) throw answer;
      return Response.json(answer);
    }) as GraphqlClient,
    { calls: 0 },
  );
  return client;
}

/** Records the waits instead of waiting. */
function recordedWaits(overrides: Partial<ThrottleRetry> = {}) {
  const waits: number[] = [];
  return { waits, retry: { attempts: 6, budgetMs: 40_000, sleep: async (ms: number) => void waits.push(ms), ...overrides } };
}

const QUERY = "query TwinCardsShopTimeZone { shop { ianaTimezone } }";

describe("Admin GraphQL under Shopify's rate limit", () => {
  it("waits until the bucket holds the query's cost, then sends it again and returns its data", async () => {
    const client = scripted(throttledBody(250, 50), dataBody);
    const { waits, retry } = recordedWaits();
    expect(await run(client, QUERY, {}, retry)).toEqual(dataBody.data);
    expect(client.calls).toBe(2);
    // 200 points missing at 100 a second: at least 2 s, at most the 20 % spread and 0.1 s more.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThanOrEqual(2000 * 1.2 + 101);
  });

  it("reads the same answer when Shopify's library throws it as a GraphqlQueryError", async () => {
    // The library's client keeps Shopify's error list under errors.graphQLErrors and throws for it.
    const body = throttledBody(30, 0, 50);
    const thrown = new GraphqlQueryError({
      message: "Throttled",
      response: Response.json(body) as never,
      body: {
        errors: { networkStatusCode: 200, message: "GraphQL Client error", graphQLErrors: body.errors },
        extensions: body.extensions,
      } as never,
    });
    const client = scripted(thrown, dataBody);
    const { waits, retry } = recordedWaits();
    expect(await run(client, QUERY, {}, retry)).toEqual(dataBody.data);
    expect(waits[0]).toBeGreaterThanOrEqual(600);
  });

  it("gives up with ShopifyThrottledError after its tries, having sent the query no more than that", async () => {
    const client = scripted(...Array.from({ length: 10 }, () => throttledBody(100, 0)));
    const { waits, retry } = recordedWaits({ attempts: 3 });
    const failure = await run(client, QUERY, {}, retry).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ShopifyThrottledError);
    expect((failure as Error).message).toMatch(/rate limit for this shop: still throttled after 3 tries/);
    expect(client.calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("gives up at once when the wait would pass its budget", async () => {
    const client = scripted(throttledBody(1000, 0, 10));
    const { waits, retry } = recordedWaits({ budgetMs: 5_000 });
    await expect(run(client, QUERY, {}, retry)).rejects.toBeInstanceOf(ShopifyThrottledError);
    expect(client.calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it("sends nothing again for any other error: an invalid field is thrown once, with Shopify's words", async () => {
    const client = scripted({
      errors: [{ message: "Field 'brand' doesn't exist on type 'Shop'", extensions: { code: "undefinedField" } }],
    });
    const { waits, retry } = recordedWaits();
    await expect(run(client, QUERY, {}, retry)).rejects.toThrow("Field 'brand' doesn't exist on type 'Shop'");
    expect(client.calls).toBe(1);
    expect(waits).toEqual([]);
  });
});
