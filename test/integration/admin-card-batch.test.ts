import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { fieldValues, getPage, postForm } from "../support/admin";
import { uniqueShop } from "../support/api";
import { GENERATED_CODE } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// Create cards: a batch sharing one code or one owner, all or nothing.

describe("cards: batch creation", () => {
  const batchField = (rows: { name: string; imageUrl?: string }[], extra: Record<string, string> = {}) =>
    JSON.stringify({
      mode: "redemption",
      email: "jane@example.com",
      phone: "",
      code: "",
      expiresOn: "",
      owner: "",
      publicKey: "",
      ...extra,
      rows: rows.map((row, index) => ({ key: `row-${index}`, name: row.name, imageUrl: row.imageUrl ?? "", videoUrl: "" })),
    });

  it("creates three cards sharing one redemption code, shown once", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, {
      intent: "create",
      batch: batchField([{ name: "Bronze", imageUrl: "https://cdn.example.com/b.png" }, { name: "Silver" }, { name: "Gold" }]),
    });

    expect(page.status).toBe(200);
    expect(page.text).toContain("3 cards created");
    expect(page.text).toContain("sent to j***@example.com");
    const code = fieldValues(page.body).find((value) => GENERATED_CODE.test(value));
    expect(code).toBeDefined();
    const cards = await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(cards.map((row) => row.name)).toEqual(["Bronze", "Silver", "Gold"]);
    expect(new Set(cards.map((row) => row.redemptionId)).size).toBe(1);
    expect(cards.every((row) => row.status === "PENDING_REDEMPTION")).toBe(true);
    expect(await db.redemption.count({ where: { shop } })).toBe(1);
    const notification = await db.notification.findFirstOrThrow({ where: { shop } });
    expect(notification).toMatchObject({ channel: "EMAIL", destination: "jane@example.com", redemptionId: cards[0]!.redemptionId });
    expect(notification.payload).toMatchObject({ code });

    const list = await getPage("/app/cards", shop);
    for (const name of ["Bronze", "Silver", "Gold"]) expect(list.text).toContain(name);
  });

  it("writes nothing when one card of the batch is bad, and says so", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, {
      intent: "create",
      batch: batchField([{ name: "Bronze" }, { name: "" }, { name: "Gold", imageUrl: "javascript:alert(1)" }]),
    });

    expect(page.status).toBe(200);
    expect(page.text).toContain("The cards weren’t created");
    expect(page.text).toContain("Nothing was saved");
    expect(page.text).not.toContain("cards created");
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("writes nothing for a batch field that is not JSON", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, { intent: "create", batch: "{not json" });

    expect(page.status).toBe(200);
    expect(page.text).toContain("The form could not be read. Reload the page and try again.");
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });
});
