import { describe, expect, it } from "vitest";
import { TwinCardsError } from "@twin-cards/client";
import { http, shopClient } from "../support/api";
import { cardInput } from "../support/fixtures";

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

async function get(path: string, key: string): Promise<RawResponse> {
  const response = await http(path, { key });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("per-key rate limit", () => {
  it("answers a burst of 200 requests on one key with at least 100 successes and 429s with Retry-After, while another key of the shop is served", async () => {
    const { shop, key } = await shopClient();
    const other = await shopClient(shop);
    await other.client.cards.create({ ...cardInput(), email: "jane@example.com" });

    const burst = Array.from({ length: 200 }, () => get("/v1/unit-cards", key));
    const otherKeyDuringBurst = other.client.cards.list();
    const [responses, otherPage] = await Promise.all([Promise.all(burst), otherKeyDuringBurst]);

    const ok = responses.filter((response) => response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    expect(ok.length + limited.length, responses.map((response) => response.status).join(",")).toBe(200);
    expect(ok.length).toBeGreaterThanOrEqual(100);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    for (const response of limited) {
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const retryAfter = response.headers.get("retry-after");
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(response.text)).toEqual({
        error: { code: "RATE_LIMITED", message: expect.any(String), details: [] },
      });
      expect(response.headers.get("x-request-id")).toBeTruthy();
    }
    // The other key of the same shop has its own bucket: it was served, and sees the shop's card.
    expect(otherPage.data).toHaveLength(1);
    // The limited key is limited, not revoked: its shop's data is still there for it.
    expect(ok.every((response) => (JSON.parse(response.text) as { data: unknown[] }).data.length === 1)).toBe(true);
  });

  it("gives the typed client each 429 as a TwinCardsError with code RATE_LIMITED and retryAfter", async () => {
    const { client } = await shopClient();

    const results = await Promise.allSettled(Array.from({ length: 200 }, () => client.cards.list()));

    const rejected = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    expect(results.length - rejected.length).toBeGreaterThanOrEqual(100);
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(TwinCardsError);
      expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED" });
      expect((error as TwinCardsError).retryAfter).toBeGreaterThanOrEqual(1);
      expect((error as TwinCardsError).requestId).toBeTruthy();
    }
  });
});
