import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { once } from "~/domain/idempotency.server";
import { uniqueShop } from "../support/api";

describe("stored Idempotency-Key responses", () => {
  it("are purged once past 24 hours, since their bodies can hold redemption codes", async () => {
    const shop = uniqueShop();
    const day = 24 * 3600_000;
    await db.idempotencyRecord.createMany({
      data: [
        {
          id: "idem_old",
          shop,
          key: "old",
          requestHash: "h",
          status: 201,
          body: '{"code":"X"}',
          createdAt: new Date(Date.now() - day - 60_000),
        },
        {
          id: "idem_recent",
          shop,
          key: "recent",
          requestHash: "h",
          status: 201,
          body: "{}",
          createdAt: new Date(Date.now() - day + 60_000),
        },
      ],
    });

    const result = await once({ shop, livemode: true }, "new", "h2", async () => ({ status: 201, body: "{}", keep: true }));

    expect(result.replayed).toBe(false);
    const keys = (await db.idempotencyRecord.findMany({ where: { shop } })).map((record) => record.key).sort();
    expect(keys).toEqual(["new", "recent"]);
  });
});
