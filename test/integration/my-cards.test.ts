import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { visibleText } from "../support/admin";
import { PATH_PREFIX, postForm, postJson, proxyFetch, renderedPage, signedProxyUrl } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { walletKey } from "../support/fixtures";
import { customerWithHoldings } from "../support/holdings";

// One "My cards" for every entry point (issue 39, item 5): the theme block (which renders
// GET /proxy/cards), the app proxy's page (GET /proxy, where the claim page's "My cards" link
// leads) and the customer account page (GET /customer-account/holdings) offer the same actions for
// the same item, in the same order, from one list the app builds.

interface Action {
  kind: string;
  path: string;
}
interface Item {
  id: string;
  name?: string;
  title?: string;
  serialNumber: number | null;
  actions: Action[];
}
interface Holdings {
  cards: Item[];
  twins: Item[];
  proxyUrl?: string;
}

const fixture = () => {
  const secret = { key: `cost-${randomUUID().slice(0, 8)}`, value: "hidden" };
  return {
    secret,
    fields: {
      name: `Festival pass ${randomUUID().slice(0, 6)}`,
      media: { imageUrls: ["https://cdn.example.com/pass.png"], videoUrls: [] },
      metadata: [{ key: secret.key, value: secret.value, visibility: "PRIVATE" as const }],
    },
  };
};

/** A customer holding a card and a twin, and a second card they are giving away. */
async function customerGivingOne() {
  const holder = await customerWithHoldings(fixture(), "mycards");
  const second = await createCard(holder.shop, { ...fixture().fields, owner: `shopify|${holder.customerId}`, publicKey: walletKey() });
  const given = await postJson(signedProxyUrl(`/proxy/cards/${second.id}/give`, { shop: holder.shop, customerId: holder.customerId }), {
    email: "friend@example.com",
  });
  expect(given.status).toBe(200);
  return { ...holder, giving: second };
}

const blockData = async (shop: string, customerId: string): Promise<Holdings> => {
  const response = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Holdings }).data;
};

const accountData = async (shop: string, customerId: string): Promise<Holdings> => {
  const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Holdings }).data;
};

/** The page's article for an item, by its name. */
function articleOf(page: string, name: string): string {
  const article = page.split("<article>").find((part) => part.includes(`>${name}</h`));
  expect(article, `an article for ${name}`).toBeDefined();
  return article!.split("</article>")[0]!;
}

/** The actions an article offers, in order, as the paths its links and forms lead to (without the proxy prefix and ?lang). */
const offered = (article: string) =>
  [...article.matchAll(/(?:href|action)="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .filter((url) => url.startsWith(PATH_PREFIX))
    .map((url) => url.slice(PATH_PREFIX.length).replace(/[?&](lang|locale)=\w+$/, ""));

const pathsOf = (actions: Action[]) => actions.map((action) => action.path);

describe("one My cards for the theme block, the app proxy's page and the customer account", () => {
  it("lists the same actions for the same card and twin at each entry point, serial included", async () => {
    const { shop, customerId, card, twin, giving } = await customerGivingOne();

    const block = await blockData(shop, customerId);
    const account = await accountData(shop, customerId);
    const page = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "en");

    const held = block.cards.find((item) => item.id === card.id)!;
    const given = block.cards.find((item) => item.id === giving.id)!;
    const twinItem = block.twins.find((item) => item.id === twin.id)!;
    expect(held.actions.map((action) => action.kind)).toEqual(["VERIFY", "GIVE", "CERTIFICATE"]);
    expect(given.actions.map((action) => action.kind)).toEqual(["VERIFY", "TAKE_BACK", "CERTIFICATE"]);
    expect(twinItem.actions.map((action) => action.kind)).toEqual(["VERIFY", "CERTIFICATE"]);
    expect(held.actions).toContainEqual({ kind: "GIVE", path: `/cards/${card.id}/give` });
    expect(held.actions[0]!.path).toMatch(/^\/v\/[\w-]+$/);

    // The customer account: the same list, under the storefront's proxy.
    expect(account.cards.find((item) => item.id === card.id)!.actions).toEqual(held.actions);
    expect(account.cards.find((item) => item.id === giving.id)!.actions).toEqual(given.actions);
    expect(account.twins.find((item) => item.id === twin.id)!.actions).toEqual(twinItem.actions);
    expect(account.proxyUrl).toBe(`https://${shop}${PATH_PREFIX}`);

    // The app proxy's page: a link (or, to take a gift back, a form) for each, in the same order.
    expect(offered(articleOf(page, card.name))).toEqual(pathsOf(held.actions));
    expect(offered(articleOf(page, giving.name))).toEqual(pathsOf(given.actions));
    expect(offered(articleOf(page, twin.title))).toEqual(pathsOf(twinItem.actions));
    const text = visibleText(articleOf(page, card.name));
    expect(text).toContain("Verify and see its history");
    expect(text).toContain("Give this");
    expect(text).toContain("Download certificate (PDF)");
    expect(visibleText(articleOf(page, giving.name))).toContain("Take the gift back");
  });

  it("shows the serial on the app proxy's page as the block and the account number it", async () => {
    const { shop, customerId, card } = await customerWithHoldings(fixture(), "serial");
    await db.unitCard.update({ where: { id: card.id }, data: { serialNumber: 7, editionSize: 50 } });

    const block = await blockData(shop, customerId);
    const account = await accountData(shop, customerId);
    const page = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "fr", { primary: false });

    expect(block.cards[0]).toMatchObject({ serialNumber: 7, editionSize: 50 });
    expect(account.cards[0]).toMatchObject({ serialNumber: 7, editionSize: 50 });
    const article = visibleText(articleOf(page, card.name));
    expect(article).toContain("nº 7 sur 50");
    expect(article).toContain("Vérifier et voir son historique");
    expect(article).toContain("Offrir");
  });
});

describe("giving from the app proxy's page, with no JavaScript", () => {
  it("opens the give form in French, gives, says to whom, and the card can be taken back", async () => {
    const { shop, customerId, card } = await customerWithHoldings(fixture(), "giveform");

    const form = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/cards/${card.id}/give?lang=fr`, { shop, customerId })), "fr", {
      primary: false,
    });
    expect(visibleText(form)).toContain(card.name);
    expect(form).toContain(`action="${PATH_PREFIX}/cards/${card.id}/give?lang=fr"`);
    expect(form).toContain('name="locale" value="fr"');
    expect(visibleText(form)).toContain("E-mail ou téléphone du destinataire");

    const sent = await postForm(signedProxyUrl(`/proxy/cards/${card.id}/give?lang=fr`, { shop, customerId }), {
      to: "ami@example.com",
      message: "Pour toi",
      fromName: "Chloé",
      locale: "fr",
    });
    expect(sent.status).toBe(200);
    const page = await renderedPage(sent, "fr", { primary: false });
    expect(visibleText(page)).toContain("Cadeau envoyé à ami@example.com.");
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("PENDING_TRANSFER");
    const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId: card.id } });
    const message = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
    expect(message.destination).toBe("ami@example.com");
    expect(message.payload).toMatchObject({ locale: "fr", gift: { giverName: "Chloé" } });
    expect(offered(articleOf(page, card.name))).toContain(`/cards/${card.id}/cancel-gift`);

    const back = await postForm(signedProxyUrl(`/proxy/cards/${card.id}/cancel-gift?lang=fr`, { shop, customerId }), {});
    expect(back.status).toBe(200);
    expect(visibleText(await renderedPage(back, "fr", { primary: false }))).toContain("Vous avez repris le cadeau");
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("OWNED");
  });

  it("refuses a recipient that is neither an address nor a phone, at its field, and writes nothing", async () => {
    const { shop, customerId, card } = await customerWithHoldings(fixture(), "givebad");

    const refused = await postForm(signedProxyUrl(`/proxy/cards/${card.id}/give`, { shop, customerId }), {
      to: "not a recipient",
      message: "Hi",
      fromName: "Sam",
      locale: "en",
    });

    expect(refused.status).toBe(422);
    const page = await renderedPage(refused, "en");
    expect(page).toMatch(/<input id="twincards-gift-to"[^>]*value="not a recipient"[^>]*aria-invalid="true"/);
    expect(visibleText(page)).toContain("Enter the recipient's e-mail address, or their phone number with its country code");
    expect(await db.cardTransfer.count({ where: { shop } })).toBe(0);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("OWNED");
  });

  it("answers someone else's card with a 404 page, not a form", async () => {
    const { shop, card } = await customerWithHoldings(fixture(), "givenot");
    const stranger = await customerWithHoldings(fixture(), "stranger");

    const response = await proxyFetch(signedProxyUrl(`/proxy/cards/${card.id}/give`, { shop, customerId: stranger.customerId }));

    expect(response.status).toBe(404);
    expect(await renderedPage(response, "en")).not.toContain("twincards-gift-to");
  });
});
