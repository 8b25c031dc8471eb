import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { voidCard } from "~/domain/card-void.server";
import { visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postForm, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { walletKey } from "../support/fixtures";

// A code whose cards the shop voided (cancelled order, or by hand) says so where the
// customer typed it, not "expired": they should ask the shop, not wait for a new code.

/** A card by redemption, voided by the shop before anyone claimed it. */
async function voidedCode(shop: string) {
  const card = await createCard(shop, { name: "Cancelled jacket certificate", media: { imageUrls: [] }, email: "buyer@example.com" });
  await voidCard(shop, card.id);
  return { card, code: card.redemption!.code! };
}

describe("claiming a voided code on the storefront's claim page (no JavaScript)", () => {
  it("says the shop voided the cards, at the code field, and claims nothing", async () => {
    const shop = uniqueShop();
    const { card, code } = await voidedCode(shop);

    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      code,
      publicKey: walletKey(),
    });

    expect(response.status).toBe(410);
    const body = await renderedPage(response);
    expect(body).toMatch(/<input id="twincards-code"[^>]*aria-invalid="true"/);
    expect(body).toContain('<p class="twincards-error" id="twincards-code-error">This code&#39;s cards were voided by the shop');
    expect(visibleText(body)).not.toContain("This code has expired");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "VOID", owner: null });
  });

  it("says it in French to a French storefront", async () => {
    const shop = uniqueShop();
    const { code } = await voidedCode(shop);

    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      code,
      publicKey: walletKey(),
    });

    const body = await renderedPage(response, "fr");
    expect(body).toContain('<p class="twincards-error" id="twincards-code-error">Les cartes de ce code ont été annulées par la boutique');
  });
});

describe("claiming a voided code from the customer account", () => {
  it("answers 410 VOIDED naming nothing else, and claims nothing", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await voidedCode(shop);

    const response = await accountFetch("/claim", { token: accountToken(shop, customerId), body: { code, publicKey: walletKey() } });

    expect(response.status).toBe(410);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VOIDED");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "VOID", owner: null });
  });
});
