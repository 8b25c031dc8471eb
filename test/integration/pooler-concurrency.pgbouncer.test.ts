import { afterAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { withoutPoolerParameter } from "~/db/database-url";
import { createApiKey } from "~/domain/api-keys.server";
import { baseUrl, uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { Fleet, statusCounts, type Answer } from "../support/replicas";

// Issue 26, item 6: behind PgBouncer in transaction mode 29,527 of 29,534 validate-name requests and
// every card creation answered 500 (`prepared statement "twin_cards_…" already exists` / `does not
// exist`): the direct statements were named prepared statements on connections the pooler swaps.
// The project's servers reach PostgreSQL through PgBouncer (pool_mode=transaction) with ?pgbouncer=true.

const poolerUrl = inject("databaseUrl");
let fleet: Fleet | undefined;

afterAll(async () => {
  await fleet?.stopAll();
});

/** A request to `base` as a client of its own address (so the per-address limits stay out of the way). */
async function send(base: string, method: string, path: string, key: string, body?: unknown): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      Authorization: `Bearer ${key}`,
      "User-Agent": USER_AGENT,
      "X-Forwarded-For": uniqueClientAddress(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
  });
  const text = await response.text();
  return { server: 0, status: response.status, headers: response.headers, body: text, json: <T>() => JSON.parse(text) as T };
}

/**
 * A shop with `keys` API keys (each key has its own rate limit: 100 at once) and one registered
 * universal name; the load: `validations` validate-name requests and `cards` card creations by
 * e-mail (a card, its redemption and its claim message in one transaction), all at once.
 */
async function concurrentLoad(base: string, { keys, validations, cards }: { keys: number; validations: number; cards: number }) {
  const shop = uniqueShop();
  const apiKeys = await Promise.all(Array.from({ length: keys }, () => createApiKey({ shop, label: "pooler" }).then(({ key }) => key)));
  const name = uniqueName("pooled");
  const publicKey = walletKey();
  const registered = await send(base, "POST", "/v1/names", apiKeys[0]!, { name, publicKey, owner: "shopify|26" });
  const requests = [
    ...Array.from({ length: validations }, (_, i) => () => send(base, "GET", `/v1/validate-name?name=${name}`, apiKeys[i % keys]!)),
    ...Array.from(
      { length: cards },
      (_, i) => () =>
        send(base, "POST", "/v1/unit-cards", apiKeys[(validations + i) % keys]!, {
          ...cardInput(`Pooled ${i}`),
          email: "jane@example.com",
        }),
    ),
  ];
  const answers = await Promise.all(requests.map((request) => request()));
  return { shop, name, publicKey, registered, validated: answers.slice(0, validations), created: answers.slice(validations) };
}

describe("the /v1 hot paths through PgBouncer in transaction mode (?pgbouncer=true)", () => {
  it("answers every one of 400 concurrent validate-name requests and 100 card creations with 2xx, and writes every card once", async () => {
    const { shop, name, publicKey, registered, validated, created } = await concurrentLoad(baseUrl, {
      keys: 6,
      validations: 400,
      cards: 100,
    });

    expect(registered.status, registered.body).toBe(201);
    expect(statusCounts(validated)).toEqual({ 200: 400 });
    expect(statusCounts(created)).toEqual({ 201: 100 });
    const { uns_name_id } = registered.json<{ data: { uns_name_id: string } }>().data;
    for (const answer of validated)
      expect(answer.json()).toEqual({
        data: { available: true, payload: { uns_name: name, uns_name_id, public_key: publicKey, livemode: true } },
      });
    const ids = created.map((answer) => answer.json<{ data: { id: string } }>().data.id);
    expect(new Set(ids).size).toBe(100);
    expect(await db.unitCard.count({ where: { shop } })).toBe(100);
    expect(await db.notification.count({ where: { shop } })).toBe(100);
  }, 60_000);

  it("fails as issue 26 did when DATABASE_URL leaves out ?pgbouncer=true: named statements on swapped connections", async () => {
    fleet = new Fleet({ DATABASE_URL: withoutPoolerParameter(poolerUrl) });
    const [server] = await fleet.startServers(1);

    const { validated, created } = await concurrentLoad(server!.url, { keys: 2, validations: 100, cards: 20 });

    // The same server with the flag answers all of these (above); without it, some meet a statement another
    // connection prepared on the server connection they were given, or miss one theirs prepared elsewhere.
    const failed = [...validated, ...created].filter((answer) => answer.status === 500);
    expect(failed.length).toBeGreaterThan(0);
    expect(server!.stderr()).toMatch(/prepared statement "twin_cards_[0-9a-f]{20}" (already exists|does not exist)/);
  }, 60_000);
});
