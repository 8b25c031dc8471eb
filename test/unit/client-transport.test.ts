import { ConnectionError, ServerError, TwinCardsClient, TwinCardsError } from "@twin-cards/client";
import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../../client/src/retry";

/*
 * The client's retries and answers, with a scripted fetch: answers and
 * failures a live server gives rarely or never on demand (503, a proxy's page,
 * a request that hangs). The same against the built server: test/integration/client-*.test.ts.
 */

type Step = Response | Error | "hang";

/** A client whose fetch plays `steps` in order, recording each request. */
function scripted(steps: Step[], options: Partial<ConstructorParameters<typeof TwinCardsClient>[0]> = {}) {
  const requests: { method: string; path: string; idempotencyKey: string | null; at: number }[] = [];
  const client = new TwinCardsClient({
    baseUrl: "https://twin-cards.example.com/v1/",
    apiKey: "tc_test",
    ...options,
    fetch: async (input, init) => {
      requests.push({
        method: init?.method ?? "GET",
        path: String(input).replace("https://twin-cards.example.com", ""),
        idempotencyKey: new Headers(init?.headers).get("idempotency-key"),
        at: Date.now(),
      });
      const step = steps.shift() ?? new Error("no more steps");
      if (step instanceof Error) throw step;
      if (step === "hang") {
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
      }
      return step;
    },
  });
  return { client, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const envelope = (code: string, message = "x") => ({ error: { code, message, details: [] } });
const page = (ids: string[], nextCursor: string | null) => json(200, { data: ids.map((id) => ({ id })), nextCursor });
const networkError = () => new TypeError("fetch failed", { cause: new Error("read ECONNRESET") });

describe("the client package's transport", () => {
  it("retries a 503 after a backoff, with the POST's Idempotency-Key unchanged", async () => {
    const { client, requests } = scripted([json(503, envelope("UNAVAILABLE")), json(201, { data: { id: "card_1" } })]);

    expect(await client.cards.create({ name: "A", media: {}, email: "jane@example.com" })).toEqual({ id: "card_1" });

    expect(requests.map((request) => request.path)).toEqual(["/v1/unit-cards", "/v1/unit-cards"]);
    expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    // The first backoff is 250-500 ms (0.5 s, its upper half random).
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(240);
  });

  it("retries network errors on reads and writes, then gives up with ConnectionError and its cause", async () => {
    const { client, requests } = scripted([networkError(), networkError(), networkError()], { maxRetries: 2 });

    const error = await client.cards.get("card_1").catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, code: "CONNECTION_FAILED", message: expect.stringContaining("ECONNRESET") });
    expect(requests).toHaveLength(3);
  });

  it("does not send a DELETE again when it got no answer: it may have been done", async () => {
    const { client, requests } = scripted([networkError()]);

    await expect(client.webhookEndpoints.delete("we_1")).rejects.toBeInstanceOf(ConnectionError);
    expect(requests).toHaveLength(1);
  });

  it("counts a request that hangs past timeoutMs as no answer, and retries it", async () => {
    const { client, requests } = scripted(["hang", page(["card_1"], null)], { timeoutMs: 50 });

    expect((await client.cards.list()).data).toEqual([{ id: "card_1" }]);
    expect(requests).toHaveLength(2);
  });

  it("stops at once, waits included, when the caller aborts", async () => {
    const controller = new AbortController();
    const { client, requests } = scripted([json(503, envelope("UNAVAILABLE"), { "Retry-After": "30" })]);

    const call = client.cards.list({}, { signal: controller.signal }).then(
      () => "resolved",
      (error: unknown) => error,
    );
    await expect.poll(() => requests.length).toBe(1);
    controller.abort();

    expect(await call).toMatchObject({ name: "AbortError" });
    expect(requests).toHaveLength(1);
  });

  it("throws the last answer's error once the retries are spent", async () => {
    const { client } = scripted(
      [json(503, envelope("UNAVAILABLE"), { "Retry-After": "0" }), json(503, envelope("UNAVAILABLE", "busy"), { "Retry-After": "0" })],
      { maxRetries: 1 },
    );

    const error = await client.events.list().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, code: "UNAVAILABLE", message: "busy", retryAfter: 0 });
  });

  it("reports an answer that is not the API's (a proxy's page) as UNEXPECTED_RESPONSE with its status", async () => {
    const { client } = scripted([new Response("<html>Bad gateway</html>", { status: 502 })]);

    const error = await client.twins.get("twin_1").then(
      () => undefined,
      (thrown: unknown) => thrown,
    );

    expect(error).toBeInstanceOf(TwinCardsError);
    expect(error).toMatchObject({ status: 502, code: "UNEXPECTED_RESPONSE", message: expect.stringContaining("Bad gateway") });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Wed, 25 Nov 2026 12:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
