import { describe, expect, it } from "vitest";
import type { TwinCardsClient } from "@twin-cards/client";
import { issueTwin } from "~/domain/twins.server";
import { http, shopClient, uniqueShop } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";

type Client = TwinCardsClient;

/** A universal name registered for `publicKey` (a fresh wallet key unless given), as validate-name gives it. */
async function nameFor(client: Client, publicKey = walletKey()) {
  const record = await client.names.register({ name: uniqueName("list"), publicKey });
  return { name_id: record.uns_name_id, public_key: record.public_key };
}

const issue = (client: Client, name: { name_id: string; public_key: string }, title: string) =>
  client.twins.issue({ ...name, title, quantity: 1 });

const ids = (twins: { id: string }[]) => twins.map((twin) => twin.id);

/** Every twin of a listing, page by page, through the cursors the API hands out. */
async function everyPage(client: Client, query: Parameters<Client["twins"]["list"]>[0] = {}) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await client.twins.list({ ...query, cursor });
    pages.push(ids(page.data));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

/** A raw GET, for what the typed client would not send. */
async function get(path: string, key?: string) {
  const response = await http(path, { key });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as { error: { code: string; details: { path: string }[] } },
  };
}
const errorPaths = (json: { error: { details: { path: string }[] } }) => json.error.details.map((detail) => detail.path);

describe("GET /v1/digital-twins", () => {
  it("lists the shop's twins newest first, page by page, each exactly once", async () => {
    const { client } = await shopClient();
    const name = await nameFor(client);
    const issued = [];
    for (let index = 0; index < 5; index++) issued.push(await issue(client, name, `Jacket ${index}`));
    const newestFirst = ids(issued).reverse();

    const first = await client.twins.list({ limit: 2 });
    const pages = await everyPage(client, { limit: 2 });

    expect(first.data[0]).toEqual(issued.at(-1));
    // The cursor is opaque: not an id a client could build or edit.
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(newestFirst).not.toContain(first.nextCursor);
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    const all = [];
    for await (const twin of client.twins.list({ limit: 2 })) all.push(twin.id);
    expect(all).toEqual(newestFirst);
  });

  it("keeps paging without gaps or repeats when twins are issued between pages", async () => {
    const { client } = await shopClient();
    const name = await nameFor(client);
    const before = [];
    for (let index = 0; index < 4; index++) before.push(await issue(client, name, `Before ${index}`));

    const first = await client.twins.list({ limit: 2 });
    const later = await issue(client, name, "Issued meanwhile");
    const second = await client.twins.list({ limit: 2, cursor: first.nextCursor! });

    expect([...ids(first.data), ...ids(second.data)]).toEqual(ids(before).reverse());
    expect(second.nextCursor).toBeNull();
    expect(ids((await client.twins.list({ limit: 1 })).data)).toEqual([later.id]);
  });

  it("answers 50 twins a page unless limit says otherwise, and accepts limit 1 and 100", async () => {
    const { shop, client } = await shopClient();
    const name = await nameFor(client);
    const issued = [];
    for (let index = 0; index < 51; index++) issued.push(await issueTwin(shop, { ...name, title: `Twin ${index}`, quantity: 1 }));

    const standard = await client.twins.list();
    const one = await client.twins.list({ limit: 1 });
    const hundred = await client.twins.list({ limit: 100 });

    expect(standard.data).toHaveLength(50);
    expect(standard.nextCursor).toEqual(expect.any(String));
    expect(ids((await client.twins.list({ cursor: standard.nextCursor! })).data)).toEqual([issued[0]!.id]);
    expect(ids(one.data)).toEqual([issued[50]!.id]);
    expect(hundred.data).toHaveLength(51);
    expect(hundred.nextCursor).toBeNull();
  });

  it("filters by name_id and by public_key, exactly, alone or together, and pages the filtered list", async () => {
    const { client } = await shopClient();
    const sharedKey = walletKey();
    const alice = await nameFor(client, sharedKey);
    const aliceAlias = await nameFor(client, sharedKey);
    const bob = await nameFor(client);
    const hers = [
      await issue(client, alice, "A1"),
      await issue(client, bob, "B1"),
      await issue(client, alice, "A2"),
      await issue(client, aliceAlias, "Alias"),
    ];
    await issue(client, bob, "B2");
    const [a1, , a2, alias] = hers;

    expect(await everyPage(client, { name_id: alice.name_id, limit: 1 })).toEqual([[a2!.id], [a1!.id]]);
    expect(ids((await client.twins.list({ public_key: sharedKey })).data)).toEqual([alias!.id, a2!.id, a1!.id]);
    expect(ids((await client.twins.list({ public_key: sharedKey, name_id: aliceAlias.name_id })).data)).toEqual([alias!.id]);
    expect(ids((await client.twins.list({ public_key: sharedKey, name_id: bob.name_id })).data)).toEqual([]);
    // Exact match only: a prefix of an id or key finds nothing.
    expect((await client.twins.list({ name_id: alice.name_id.slice(0, -1) })).data).toEqual([]);
  });

  it("never lists another shop's twins, also for a universal name both shops issued to", async () => {
    const mine = await shopClient();
    const theirs = await shopClient();
    const name = await nameFor(mine.client);
    const own = await issue(mine.client, name, "Mine");
    await issue(theirs.client, name, "Theirs");

    expect(ids((await mine.client.twins.list()).data)).toEqual([own.id]);
    expect(ids((await mine.client.twins.list({ name_id: name.name_id })).data)).toEqual([own.id]);
    expect(ids((await mine.client.twins.list({ public_key: name.public_key })).data)).toEqual([own.id]);
    expect((await (await shopClient()).client.twins.list()).data).toEqual([]);
  });

  const cardCursor = Buffer.from("card_01J0000000000000000000000Z").toString("base64url");
  const twinCursor = Buffer.from("twin_01J0000000000000000000000Z").toString("base64url");
  it.each([
    ["not-a-cursor", "cursor"],
    [Buffer.from("twin_' OR 1=1 --").toString("base64url"), "cursor"],
    [cardCursor, "cursor"],
    [`${twinCursor}==`, "cursor"],
  ])("refuses the cursor %j with 422 naming cursor", async (cursor, field) => {
    const { key } = await shopClient();

    const answer = await get(`/v1/digital-twins?${new URLSearchParams({ cursor })}`, key);

    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe("VALIDATION_FAILED");
    expect(errorPaths(answer.json)).toEqual([field]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=2.5", "limit"],
    ["limit=many", "limit"],
    ["public_key=not-a-key", "public_key"],
    ["name_id=", "name_id"],
    ["owner=shopify%7C1", "owner"],
    ["status=OWNED&limit=5", "status"],
  ])("refuses %s with 422 naming %s", async (query, field) => {
    const { key } = await shopClient();

    const answer = await get(`/v1/digital-twins?${query}`, key);

    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe("VALIDATION_FAILED");
    expect(errorPaths(answer.json)).toEqual([field]);
  });

  it("answers 401 without an API key or with one that is not valid, listing nothing", async () => {
    const { client } = await shopClient();
    await issue(client, await nameFor(client), "Private");

    for (const key of [undefined, "tc_not_a_key"]) {
      const answer = await get("/v1/digital-twins", key);
      expect(answer.status).toBe(401);
      expect(answer.json.error.code).toBe("UNAUTHENTICATED");
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="twin-cards"');
      expect(answer.json).not.toHaveProperty("data");
    }
  });

  it("answers 405 with Allow: GET to a POST", async () => {
    const { key } = await shopClient(uniqueShop());

    const response = await http("/v1/digital-twins", { method: "POST", key, body: "{}" });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
