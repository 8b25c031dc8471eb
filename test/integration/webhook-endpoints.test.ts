import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";

const BAD_URLS = (
  [
    ["http://example.com/hook", "https"],
    ["https://10.1.2.3/hook", "public address"],
    ["https://192.168.0.10/hook", "public address"],
    ["https://169.254.169.254/latest/meta-data", "public address"],
    ["https://[fd00::1]/hook", "public address"],
    ["https://printer.local/hook", "public address"],
    ["http://192.168.1.1/hook", "https"],
    ["not a url", "https"],
    [`https://example.com/${"a".repeat(2048)}`, "2048"],
  ] as [string, string][]
).map(
  ([url, message]) => [url.length > 80 ? `${url.slice(0, 40)}… (${url.length} characters)` : url, url, message] as [string, string, string],
);

describe("POST /v1/webhook-endpoints", () => {
  it.each(BAD_URLS)("refuses %s with 422 at url and writes nothing", async (_title, url, message) => {
    const { client, shop } = await shopClient();
    const error = await apiError(client.webhookEndpoints.create({ url, eventTypes: ["*"] }));
    expect(error.status).toBe(422);
    expect(error.details).toEqual([{ path: "url", message: expect.stringContaining(message) }]);
    expect(await db.webhookEndpoint.count({ where: { shop } })).toBe(0);
  });

  it("refuses an unknown event type with 422 at eventTypes[0]", async () => {
    const { key, shop } = await shopClient();
    const response = await http("/v1/webhook-endpoints", {
      method: "POST",
      key,
      body: JSON.stringify({ url: "https://example.com/h", eventTypes: ["card.exploded"] }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).error.details).toEqual([expect.objectContaining({ path: "eventTypes[0]" })]);
    expect(await db.webhookEndpoint.count({ where: { shop } })).toBe(0);
  });

  it("shows the signing secret once, stores it sealed, lists, gets and deletes the endpoint", async () => {
    const { client } = await shopClient();
    const created = await client.webhookEndpoints.create({
      url: "https://example.com/twin-cards",
      eventTypes: ["unit_card.redeemed", "nft.minted"],
      description: "ERP",
    });
    expect(created).toMatchObject({
      url: "https://example.com/twin-cards",
      eventTypes: ["unit_card.redeemed", "nft.minted"],
      status: "ENABLED",
      description: "ERP",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretSealed).not.toContain(created.secret!.slice(6));

    const { secret: _once, ...shown } = created;
    expect(await client.webhookEndpoints.list()).toEqual([shown]);
    expect(await client.webhookEndpoints.get(created.id)).toEqual(shown);

    expect(await client.webhookEndpoints.delete(created.id)).toEqual({ id: created.id, deleted: true });
    expect((await apiError(client.webhookEndpoints.get(created.id))).status).toBe(404);
    expect((await apiError(client.webhookEndpoints.delete(created.id))).status).toBe(404);
  });

  it("keeps each shop's endpoints to itself", async () => {
    const mine = await shopClient();
    const theirs = await shopClient();
    const endpoint = await theirs.client.webhookEndpoints.create({ url: "https://example.com/theirs", eventTypes: ["*"] });
    expect(await mine.client.webhookEndpoints.list()).toEqual([]);
    expect((await apiError(mine.client.webhookEndpoints.get(endpoint.id))).status).toBe(404);
    expect((await apiError(mine.client.webhookEndpoints.delete(endpoint.id))).status).toBe(404);
    expect(await theirs.client.webhookEndpoints.list()).toHaveLength(1);
  });
});
