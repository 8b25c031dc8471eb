import { TwinCardsClient, type ClientOptions } from "@twin-cards/client";
import { createApiKey } from "~/domain/api-keys.server";
import { baseUrl, uniqueShop } from "./api";

/** One request the client sent and what came of it. */
export interface Sent {
  method: string;
  url: string;
  idempotencyKey: string | null;
  /** The answer's status; 0 when the attempt got none. */
  status: number;
  retryAfter: string | null;
  replayed: boolean;
  at: number;
}

/**
 * A fetch that passes every request to the real one and records it; `around`
 * may replace an attempt (e.g. lose its answer) by number, from 0.
 */
export function recordingFetch(around: (attempt: number, send: () => Promise<Response>) => Promise<Response> = (_, send) => send()) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const entry: Sent = {
      method: init?.method ?? "GET",
      url: String(input),
      idempotencyKey: headers.get("idempotency-key"),
      status: 0,
      retryAfter: null,
      replayed: false,
      at: Date.now(),
    };
    sent.push(entry);
    const response = await around(sent.length - 1, async () => {
      const answer = await fetch(input, init);
      entry.status = answer.status;
      entry.retryAfter = answer.headers.get("retry-after");
      entry.replayed = answer.headers.get("idempotent-replayed") === "true";
      return answer;
    });
    return response;
  };
  return { sent, fetch: fetchImpl };
}

/**
 * A new shop with an API key and the package's client for it, made as an
 * integrator makes it (default retries), its requests recorded.
 */
export async function packageClient(
  options: Partial<ClientOptions> & { shop?: string; mode?: "live" | "test"; around?: Parameters<typeof recordingFetch>[0] } = {},
) {
  const { shop = uniqueShop(), mode = "live", around, ...clientOptions } = options;
  const { key, apiKey } = await createApiKey({ shop, label: "client package", mode });
  const recorder = recordingFetch(around);
  const client = new TwinCardsClient({ baseUrl, apiKey: key, fetch: recorder.fetch, ...clientOptions });
  return { shop, key, keyId: apiKey.id, client, sent: recorder.sent };
}
