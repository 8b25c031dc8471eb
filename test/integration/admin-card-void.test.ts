import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage, postForm, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueOwner, walletKey } from "../support/fixtures";

// Voiding a card by hand from its page: only while it waits to be claimed.
const pendingCard = (shop: string) => createCard(shop, { name: "Gift card", media: { imageUrls: [] }, email: "jane.doe@example.com" });
const ownedCard = (shop: string) =>
  createCard(shop, { name: "Owned card", media: { imageUrls: [] }, owner: uniqueOwner(), publicKey: walletKey() });

describe("cards: void by hand", () => {
  it("offers Void card on a waiting card's page and not on an owned one's", async () => {
    const shop = uniqueShop();
    const pending = await pendingCard(shop);
    const owned = await ownedCard(shop);

    expect((await getPage(`/app/cards/${pending.id}`, shop)).text).toContain("Void card");
    expect((await getPage(`/app/cards/${owned.id}`, shop)).text).not.toContain("Void card");
  });

  it("voids a waiting card: VOID with date and reason on its page (no expiry, no QR code), under the Voided tab and no longer under Waiting", async () => {
    const shop = uniqueShop();
    const card = await pendingCard(shop);

    const { result } = await submitFetcher(`/app/cards/${card.id}`, shop, { intent: "void" });

    expect(result).toMatchObject({ ok: true, data: { id: card.id, status: "VOID", voidReason: "Voided by the merchant" } });
    const row = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row.status).toBe("VOID");
    expect(row.voidedAt).not.toBeNull();
    const page = await getPage(`/app/cards/${card.id}`, shop);
    expect(page.text).toContain("Voided");
    expect(page.text).toContain("Voided by the merchant");
    expect(page.text).not.toContain("Void card");
    // Nothing that only makes sense for a live code: no expiry date, no QR code to print.
    expect(page.text).toContain("This card is voided: its verification page only says so, so there is no code to print.");
    expect(page.text).not.toContain("Download PNG");
    expect(page.text).not.toMatch(/Code expires\s*\w+ \d/);
    const pending = await getPage(`/app/cards/${(await pendingCard(shop)).id}`, shop);
    expect(pending.text).toContain("Download PNG");
    expect(pending.text).toMatch(/Code expires\s*\w+ \d/);
    const french = await getPage(`/app/cards/${card.id}?locale=fr`, shop);
    expect(french.text).toContain("Annulée par le marchand");
    expect((await getPage("/app/cards?status=VOID", shop)).body).toContain(`href="/app/cards/${card.id}"`);
    expect((await getPage("/app/cards?status=PENDING_REDEMPTION", shop)).body).not.toContain(`href="/app/cards/${card.id}"`);
  });

  it("says a void twice is already done: the card stays voided as it was", async () => {
    const shop = uniqueShop();
    const card = await pendingCard(shop);
    await submitFetcher(`/app/cards/${card.id}`, shop, { intent: "void" });
    const first = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });

    const { result } = await submitFetcher(`/app/cards/${card.id}`, shop, { intent: "void" });

    expect(result).toMatchObject({ ok: true, data: { status: "VOID" } });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).voidedAt).toEqual(first.voidedAt);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(1);
  });

  it("refuses to void an owned card, says why (in French too), and changes nothing", async () => {
    const shop = uniqueShop();
    const card = await ownedCard(shop);

    const { status, result } = await submitFetcher(`/app/cards/${card.id}`, shop, { intent: "void" });
    const french = await submitFetcher(`/app/cards/${card.id}?locale=fr`, shop, { intent: "void" });

    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: false, message: "This card is already owned; an owned card cannot be voided" });
    expect(french.result).toMatchObject({
      ok: false,
      message: "Cette carte a déjà un propriétaire\u202f; une carte possédée ne peut pas être annulée",
    });
    const row = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ status: "OWNED", voidedAt: null, voidReason: null });
  });

  it("cannot void another shop's card", async () => {
    const shop = uniqueShop();
    const card = await pendingCard(shop);

    const { result } = await submitFetcher(`/app/cards/${card.id}`, uniqueShop(), { intent: "void" });

    expect(result).toMatchObject({ ok: false, message: "Unit card not found" });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("PENDING_REDEMPTION");
  });

  it("answers an unknown intent with 400 and keeps Retry mint working through the same action", async () => {
    const shop = uniqueShop();
    const card = await pendingCard(shop);

    expect((await postForm(`/app/cards/${card.id}`, shop, { intent: "destroy" })).status).toBe(400);
    const retry = await submitFetcher(`/app/cards/${card.id}`, shop, { intent: "retry-mint", id: card.id });
    // Answered by Retry mint itself: a card by redemption has no mint until it is claimed.
    expect(retry.result).toMatchObject({ intent: "retry-mint", ok: false, message: "Mint not found" });
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("PENDING_REDEMPTION");
  });
});
