import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { cardInput, uniqueName, uniqueOwner, walletKey } from "../support/fixtures";

/** The shop's events, oldest first, as an integrator reads them. */
async function eventsOf(client: Awaited<ReturnType<typeof shopClient>>["client"]) {
  const page = await client.events.list({ limit: 100 });
  return page.data.reverse();
}

describe("events written with each state change", () => {
  it("writes unit_card.created (no code), unit_card.redeemed, name.registered and digital_twin.issued with the object as /v1 returns it", async () => {
    const { client, shop } = await shopClient();
    const created = await client.cards.create({ ...cardInput("VIP pass"), email: "jane@example.com" });
    const code = created.redemption!.code!;
    const owner = uniqueOwner();
    const publicKey = walletKey();
    const [redeemed] = await client.cards.redeem({ code, owner, publicKey });
    const name = uniqueName();
    const record = await client.names.register({ name, publicKey });
    const twin = await client.twins.issue({ name_id: record.uns_name_id, public_key: publicKey, title: "Jacket", quantity: 1 });

    const events = await eventsOf(client);
    expect(events.map((event) => event.type)).toEqual([
      "unit_card.created",
      "unit_card.redeemed",
      "name.registered",
      "digital_twin.issued",
    ]);
    for (const event of events) expect(event).toMatchObject({ shop, id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/) });
    const { code: _shownOnce, ...redemptionWithoutCode } = created.redemption!;
    expect(events[0]!.data).toEqual({ objectType: "unit_card", object: { ...created, redemption: redemptionWithoutCode } });
    // The merchant's own channel: PRIVATE metadata is there, as in GET /v1/unit-cards/{id}.
    expect(events[0]!.data.object).toMatchObject({
      metadata: expect.arrayContaining([expect.objectContaining({ key: "supplier-cost", visibility: "PRIVATE" })]),
    });
    expect(JSON.stringify(events)).not.toContain(code);
    expect(events[1]!.data).toEqual({ objectType: "unit_card", object: redeemed });
    expect(events[2]!.data).toEqual({ objectType: "name", object: record });
    expect(events[3]!.data).toEqual({ objectType: "digital_twin", object: twin });
    expect(await client.events.get(events[1]!.id)).toEqual(events[1]);
  });

  it("writes one event per card of a batch, and none when the change is refused and rolled back", async () => {
    const { client, shop } = await shopClient();
    await client.cards.createBatch({
      redemption: { email: "jane@example.com", code: "TAKEN-CODE-1" },
      cards: [cardInput("A"), cardInput("B")],
    });
    expect((await client.events.list({ type: "unit_card.created" })).data).toHaveLength(2);

    // The second batch's code is in use: 409, and neither its cards nor their events exist.
    const error = await apiError(
      client.cards.createBatch({ redemption: { email: "joe@example.com", code: "TAKEN-CODE-1" }, cards: [cardInput("C")] }),
    );
    expect(error.status).toBe(409);
    // A redeem of a used code is 409 too: still one unit_card.redeemed per card.
    await client.cards.redeem({ code: "TAKEN-CODE-1", owner: uniqueOwner(), publicKey: walletKey() });
    expect((await apiError(client.cards.redeem({ code: "TAKEN-CODE-1", owner: uniqueOwner(), publicKey: walletKey() }))).status).toBe(409);
    // A twin for an unknown name is 422: no event.
    expect(
      (await apiError(client.twins.issue({ name_id: "uns_00000000000000000000000000", public_key: walletKey(), title: "X", quantity: 1 })))
        .status,
    ).toBe(422);

    expect(await db.event.count({ where: { shop } })).toBe(4);
    expect((await client.events.list({ type: "unit_card.redeemed" })).data.map((event) => event.data.object)).toHaveLength(2);
  });
});

describe("GET /v1/events", () => {
  it("pages newest first with a cursor, filters by type, and answers 404 for an unknown id", async () => {
    const { client } = await shopClient();
    for (const name of ["one", "two", "three"])
      await client.cards.create({ ...cardInput(name), owner: uniqueOwner(), publicKey: walletKey() });
    await client.names.register({ name: uniqueName(), publicKey: walletKey() });

    const first = await client.events.list({ limit: 2 });
    expect(first.data.map((event) => event.type)).toEqual(["name.registered", "unit_card.created"]);
    const second = await client.events.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((event) => (event.data.object as { name: string }).name)).toEqual(["two", "one"]);
    expect(second.nextCursor).toBeNull();

    const cards = await client.events.list({ type: "unit_card.created" });
    expect(cards.data).toHaveLength(3);
    expect(cards.data.every((event) => event.type === "unit_card.created")).toBe(true);

    expect((await apiError(client.events.get("evt_00000000000000000000000000"))).status).toBe(404);
  });

  it("refuses an unknown type or cursor with 422 naming the parameter", async () => {
    const { key } = await shopClient();
    const badType = await http("/v1/events?type=card.exploded", { key });
    expect(badType.status).toBe(422);
    expect((await badType.json()).error.details).toEqual([expect.objectContaining({ path: "type" })]);
    const badCursor = await http("/v1/events?cursor=bm90LWEtY3Vyc29y", { key });
    expect(badCursor.status).toBe(422);
    expect((await badCursor.json()).error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
  });

  it("never shows another shop's events", async () => {
    const mine = await shopClient();
    const theirs = await shopClient();
    await theirs.client.cards.create({ ...cardInput("Theirs"), owner: uniqueOwner(), publicKey: walletKey() });
    const [event] = (await theirs.client.events.list()).data;
    expect((await mine.client.events.list()).data).toEqual([]);
    expect((await apiError(mine.client.events.get(event!.id))).status).toBe(404);
  });

  it("lists only the last 30 days", async () => {
    const { client, shop } = await shopClient();
    await client.cards.create({ ...cardInput("Old"), owner: uniqueOwner(), publicKey: walletKey() });
    const [event] = (await client.events.list()).data;
    await db.event.update({ where: { id: event!.id }, data: { createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) } });
    expect((await client.events.list()).data).toEqual([]);
    expect((await apiError(client.events.get(event!.id))).status).toBe(404);
    expect(await db.event.count({ where: { shop } })).toBe(1);
  });
});
