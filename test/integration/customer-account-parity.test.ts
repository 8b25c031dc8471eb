import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput } from "../support/fixtures";
import { setStubShop } from "../support/stub-shop";

// Issue 39, items 2, 7 and 10 on the customer account page: its holdings carry the cards waiting
// for the customer's verified e-mail (decision 0070) and their first name (the gift form's giver
// name until they edit it, decision 0068); its gift refuses a blank or too long giver name at the field.

interface AccountHoldings {
  waiting: { id: string; cards: { id: string; name: string }[] }[];
  cards: { id: string; status: string; custody: string | null }[];
  firstName: string | null;
}

/** An installed shop whose two customers have verified e-mails in Shopify. */
async function shopWithTwoCustomers() {
  const shop = uniqueShop();
  const [marie, paul] = [uniqueCustomerId(), uniqueCustomerId()];
  const emails = { marie: `marie.${randomUUID().slice(0, 6)}@example.com`, paul: `paul.${randomUUID().slice(0, 6)}@example.com` };
  await setStubShop(shop, {
    name: "Harbor & Pine",
    customers: [
      { id: marie, email: emails.marie, verifiedEmail: true, firstName: "Marie", locale: "fr" },
      { id: paul, email: emails.paul, verifiedEmail: true, firstName: "Paul", locale: "en" },
    ],
  });
  expect((await getPage("/app", shop)).status).toBe(200);
  return { shop, marie, paul, emails };
}

async function holdings(shop: string, customerId: string): Promise<AccountHoldings> {
  const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AccountHoldings }).data;
}

/** Every row a gift writes, for a shop: proof that a refusal wrote nothing. */
const giftRows = async (shop: string) => ({
  transfers: await db.cardTransfer.count({ where: { shop } }),
  redemptions: await db.redemption.count({ where: { shop } }),
  notifications: await db.notification.count({ where: { shop } }),
});

describe("the customer account's waiting cards", () => {
  it("lists a card sent to the customer's verified e-mail to them only; one claim and it is held for them", async () => {
    const { shop, marie, paul, emails } = await shopWithTwoCustomers();
    const card = await createCard(shop, { ...cardInput("Carte Or"), email: emails.marie });

    const forMarie = await holdings(shop, marie);
    expect(forMarie.waiting.map((code) => code.cards)).toEqual([[{ id: card.id, name: "Carte Or" }]]);
    expect(forMarie.firstName).toBe("Marie");
    // Another customer of the same shop never sees it, nor can they claim it.
    const forPaul = await holdings(shop, paul);
    expect(forPaul.waiting).toEqual([]);
    expect(forPaul.firstName).toBe("Paul");
    const codeId = forMarie.waiting[0]!.id;
    const stolen = await accountFetch(`/waiting/${codeId}/claim`, { token: accountToken(shop, paul), method: "POST" });
    expect(stolen.status).toBe(404);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });

    const claimed = await accountFetch(`/waiting/${codeId}/claim`, { token: accountToken(shop, marie), method: "POST" });
    expect(claimed.status).toBe(200);
    const after = await holdings(shop, marie);
    expect(after.waiting).toEqual([]);
    expect(after.cards).toMatchObject([{ id: card.id, status: "OWNED", custody: "HELD" }]);
  });
});

describe("the customer account's gift names its giver as they chose", () => {
  async function heldCardOf(shop: string, customerId: string, email: string) {
    const card = await createCard(shop, { ...cardInput("Carte membre"), email });
    const codeId = (await holdings(shop, customerId)).waiting[0]!.id;
    expect((await accountFetch(`/waiting/${codeId}/claim`, { token: accountToken(shop, customerId), method: "POST" })).status).toBe(200);
    return card;
  }

  it("sends the edited name with the gift, and the first name when none is sent", async () => {
    const { shop, marie, emails } = await shopWithTwoCustomers();
    const edited = await heldCardOf(shop, marie, emails.marie);
    const plain = await heldCardOf(shop, marie, emails.marie);

    const given = await accountFetch(`/cards/${edited.id}/give`, {
      token: accountToken(shop, marie),
      body: { email: "ami@example.com", fromName: "  Tata Marie ", locale: "fr" },
    });
    expect(given.status).toBe(200);
    const untouched = await accountFetch(`/cards/${plain.id}/give`, {
      token: accountToken(shop, marie),
      body: { email: "ami2@example.com" },
    });
    expect(untouched.status).toBe(200);

    const payloadOf = async (cardId: string) => {
      const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId } });
      return (await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } })).payload;
    };
    expect(await payloadOf(edited.id)).toMatchObject({ gift: { giverName: "Tata Marie" } });
    expect(await payloadOf(plain.id)).toMatchObject({ gift: { giverName: "Marie" } });
  });

  it("refuses an empty or too long giver name with 422 at fromName, writing nothing", async () => {
    const { shop, marie, emails } = await shopWithTwoCustomers();
    const card = await heldCardOf(shop, marie, emails.marie);
    const before = await giftRows(shop);

    for (const fromName of ["", "   ", "M".repeat(61)]) {
      const response = await accountFetch(`/cards/${card.id}/give`, {
        token: accountToken(shop, marie),
        body: { email: "ami@example.com", fromName, locale: "fr" },
      });
      expect(response.status, JSON.stringify(fromName)).toBe(422);
      const { error } = (await response.json()) as { error: { details: { path: string }[] } };
      expect(error.details.map((detail) => detail.path)).toEqual(["fromName"]);
    }
    expect(await giftRows(shop)).toEqual(before);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED", owner: `shopify|${marie}` });
  });
});
