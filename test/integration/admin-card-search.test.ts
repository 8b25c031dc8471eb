import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage, pageData, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueOwner, walletKey } from "../support/fixtures";

// Issue 40, item 7: the Cards list's search, sort and bulk actions (decision 0078), through the admin routes.
const ROUTE = "routes/app.cards._index";
const pending = (shop: string, name: string) => createCard(shop, { name, media: { imageUrls: [] }, email: "jane.doe@example.com" });
const owned = (shop: string, name: string, owner = uniqueOwner()) =>
  createCard(shop, { name, media: { imageUrls: [] }, owner, publicKey: walletKey() });

/** The names the Cards list shows at `path`, in its order. */
async function listed(path: string, shop: string): Promise<string[]> {
  const { status, routes } = await pageData(path, shop);
  expect(status).toBe(200);
  return (routes[ROUTE] as { cards: { name: string }[] }).cards.map((card) => card.name);
}

describe("admin Cards list: search, sort, bulk", () => {
  it("finds cards by the start of the name in any case (accents as typed), by serial number and by customer ID", async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    await pending(shop, "Émeraude ring");
    await pending(shop, "emerald brooch");
    const serialled = await pending(shop, "Silver watch");
    await db.unitCard.update({ where: { id: serialled.id }, data: { serialNumber: 7, editionSize: 50 } });
    await owned(shop, "Oak table", "shopify|7123456789");
    await pending(other, "Émeraude ring of another shop");

    expect(await listed(`/app/cards?q=${encodeURIComponent("émer")}`, shop)).toEqual(["Émeraude ring"]);
    expect(await listed("/app/cards?q=EME", shop)).toEqual(["emerald brooch"]);
    expect(await listed(`/app/cards?q=${encodeURIComponent("#7")}`, shop)).toEqual(["Silver watch"]);
    expect(await listed("/app/cards?q=7123456789", shop)).toEqual(["Oak table"]);
    expect(await listed(`/app/cards?q=${encodeURIComponent("gid://shopify/Customer/7123456789")}`, shop)).toEqual(["Oak table"]);
    // The status tab narrows the search; the page (not only its data) shows the search typed.
    expect(await listed("/app/cards?q=e&status=OWNED", shop)).toEqual([]);
    const page = await getPage("/app/cards?q=zzz", shop);
    expect(page.text).toContain("Nothing matches “zzz”");
  });

  it("sorts oldest first on ?sort=oldest, pages by cursor in that order, and ignores a sort it does not know", async () => {
    const shop = uniqueShop();
    for (const name of ["First", "Second", "Third"]) await pending(shop, name);
    expect(await listed("/app/cards?sort=oldest", shop)).toEqual(["First", "Second", "Third"]);
    expect(await listed("/app/cards?sort=sideways", shop)).toEqual(["Third", "Second", "First"]);
  });

  it("answers 400 naming q for a search over 100 characters", async () => {
    const shop = uniqueShop();
    const page = await getPage(`/app/cards?q=${"a".repeat(101)}`, shop);
    expect(page.status).toBe(400);
    expect(page.text).toContain("q: Must be at most 100 characters");
  });

  it("voids only the selected cards still waiting to be claimed, and leaves a claimed one as it was", async () => {
    const shop = uniqueShop();
    const waiting = await pending(shop, "Waiting");
    const claimed = await owned(shop, "Claimed");
    const untouched = await pending(shop, "Not selected");
    const before = await db.event.count({ where: { shop } });

    const { status, result } = await submitFetcher("/app/cards?index", shop, {
      intent: "void-unclaimed",
      ids: `${waiting.id},${claimed.id}`,
    });

    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, data: { voided: 1, refused: 1 } });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("VOID");
    const claimedRow = await db.unitCard.findUniqueOrThrow({ where: { id: claimed.id } });
    expect(claimedRow).toMatchObject({ status: "OWNED", voidedAt: null, voidReason: null });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: untouched.id } })).status).toBe("PENDING_REDEMPTION");
    // One unit_card.voided event: none for the card it refused.
    expect(await db.event.count({ where: { shop } })).toBe(before + 1);
  });

  it("refuses a bulk void of no card, of over 100 or of ids that are not cards, naming ids, and writes nothing", async () => {
    const shop = uniqueShop();
    const card = await pending(shop, "Waiting");
    const tooMany = Array.from({ length: 101 }, (_, i) => `card_${String(i).padStart(26, "0")}`).join(",");
    for (const ids of ["", tooMany, `${card.id},twin_01JABCDEFGHJKMNPQRSTVWXYZ0`]) {
      const { status, result } = await submitFetcher("/app/cards?index", shop, { intent: "void-unclaimed", ids });
      expect(status).toBe(400);
      expect(result).toMatchObject({ ok: false, fieldErrors: { ids: expect.any(String) } });
    }
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("PENDING_REDEMPTION");
  });

  it("does not void another shop's card selected by id", async () => {
    const shop = uniqueShop();
    const theirs = await pending(uniqueShop(), "Theirs");
    const { result } = await submitFetcher("/app/cards?index", shop, { intent: "void-unclaimed", ids: theirs.id });
    expect(result).toMatchObject({ ok: true, data: { voided: 0, refused: 1 } });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("PENDING_REDEMPTION");
  });

  it("exports the selection as CSV: the selected cards of this shop only; an empty selection is 400", async () => {
    const shop = uniqueShop();
    const one = await pending(shop, "Exported one");
    await pending(shop, "Not exported");
    const theirs = await pending(uniqueShop(), "Another shop's");

    const csv = await getPage(`/app/export/cards?ids=${one.id},${theirs.id}`, shop);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("Exported one");
    expect(csv.body).not.toContain("Not exported");
    expect(csv.body).not.toContain("Another shop's");
    const empty = await getPage("/app/export/cards?ids=", shop);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("ids: Select at least one card");
  });
});
