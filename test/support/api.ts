import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { TwinCardsClient, TwinCardsError } from "@twin-cards/client";
import { createApiKey } from "~/domain/api-keys.server";
import { USER_AGENT } from "./user-agent";

export const baseUrl = inject("baseUrl");

/** A shop of its own for each test, so tests never see each other's rows. */
export const uniqueShop = () => `shop-${randomUUID().slice(0, 8)}.myshopify.com`;

/** A made-up documentation-range address, sent as X-Forwarded-For (trusted by the test server from loopback only). */
export const uniqueClientAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

/**
 * A fresh API key for a shop (a new shop unless given) and a client using it.
 * Each client appears to come from its own address, so redeem limits are per test.
 * It does not retry: these tests are about what the server answers (the client's
 * retries have their own tests, test/integration/client-*.test.ts).
 */
export async function shopClient(shop = uniqueShop(), clientAddress = uniqueClientAddress()) {
  const { key, apiKey } = await createApiKey({ shop, label: "test" });
  const fetchFrom: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", clientAddress);
    headers.set("User-Agent", USER_AGENT);
    return fetch(input, { ...init, headers });
  };
  return {
    shop,
    key,
    keyId: apiKey.id,
    clientAddress,
    client: new TwinCardsClient({ baseUrl, apiKey: key, fetch: fetchFrom, maxRetries: 0 }),
  };
}

export { USER_AGENT };

/** Raw HTTP for what the typed client would not send (bad JSON, huge bodies, wrong methods). */
export function http(path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("Content-Type", "application/json");
  headers.set("User-Agent", USER_AGENT);
  if (!headers.has("x-forwarded-for")) headers.set("X-Forwarded-For", uniqueClientAddress());
  return fetch(baseUrl + path, { ...init, headers });
}

/** The TwinCardsError a call fails with (fails the test if the call succeeds). */
export async function apiError(promise: PromiseLike<unknown>): Promise<TwinCardsError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TwinCardsError) return error;
    throw error;
  }
  throw new Error("Expected the API call to fail, but it succeeded");
}
