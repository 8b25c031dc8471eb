import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { createCard } from "~/domain/cards.server";
import { maskEmail } from "~/domain/masking";
import { getPage, visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postForm, postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput } from "../support/fixtures";
import { quietLog, startSmtpServer, unusedTransport } from "../support/notify";
import { setStubShop } from "../support/stub-shop";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";

// Issue 39, item 9: when the friend claims a gift, the giver is told by e-mail (the notification
// outbox, to their address in Shopify) in the language of the page they gave from; the giver's
// My cards says "given to <name or masked address> on <date>", and the friend's says who gave it,
// as on the claim page. Sent through a real SMTP server that keeps what it receives.

const MAIL_FROM = "cards@twin-cards.test";
const NBSP = "\u00a0";
const NNBSP = "\u202f";
const SHOP_NAME = "Harbor & Pine";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const chloe = DEMO_CUSTOMERS.find((customer) => customer.name === "Chloé Martin")!;
const olivia = DEMO_CUSTOMERS.find((customer) => customer.name === "Olivia Bennett")!;

/** An English shop whose merchant opened the app (so it reads its customers from Shopify), and a card Chloé holds there. */
async function chloesCard() {
  const shop = uniqueShop();
  await setStubShop(shop, { name: SHOP_NAME, primaryLocale: "en", timeZone: "Europe/London" });
  expect((await getPage("/app", shop)).status).toBe(200);
  const created = await createCard(shop, { ...cardInput(`Carte Or ${randomUUID().slice(0, 4)}`), email: chloe.email });
  const claimed = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: chloe.id }), { code: created.redemption!.code! });
  expect(claimed.status).toBe(200);
  await db.notification.deleteMany({ where: { shop } });
  return { shop, card: created };
}

/** Chloé gives the card from a page in `locale`; the gift's code, as the recipient receives it. */
async function chloeGives(shop: string, cardId: string, email: string, locale: string) {
  const given = await postJson(signedProxyUrl(`/proxy/cards/${cardId}/give`, { shop, customerId: chloe.id }), {
    email,
    fromName: "Chloé",
    locale,
  });
  expect(given.status).toBe(200);
  const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId, status: "PENDING" } });
  const message = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
  return (message.payload as { code: string }).code;
}

/** Sends the shop's messages through the SMTP server; resolves with the one to `address` about `cardName`. */
async function mailAbout(shop: string, address: string, cardName: string) {
  const dispatcher = new Dispatcher({
    transports: { EMAIL: smtpTransport({ url: smtp.url, mailFrom: MAIL_FROM }), SMS: unusedTransport },
    where: { shop },
    pollMs: 20,
    log: quietLog,
  }).start();
  stops.push(() => dispatcher.stop());
  await expect
    .poll(async () => (await db.notification.findMany({ where: { shop } })).every((row) => row.status === "SENT"), { timeout: 20_000 })
    .toBe(true);
  return smtp.received.find((mail) => mail.envelopeTo.includes(address) && mail.parsed.subject?.includes(cardName))!;
}

const myCards = async (shop: string, customerId: string, locale: "en" | "fr") =>
  // The storefront's language as the shopper chose it (before the customer's own locale in Shopify).
  renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), locale, { primary: false });

const day = (language: string, at: Date, timeZone = "UTC") =>
  new Intl.DateTimeFormat(language, { day: "numeric", month: "long", year: "numeric", timeZone }).format(at);

describe("the giver is told when their gift is claimed, and both see it in their history", () => {
  it("a French giver gets the French notice; the friend sees who gave it; the giver's history names the masked address", async () => {
    const { shop, card } = await chloesCard();
    const friendAddress = `ami.${randomUUID().slice(0, 6)}@example.com`;
    const friend = uniqueCustomerId();
    const code = await chloeGives(shop, card.id, friendAddress, "fr");

    const claimed = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: friend }), { code });
    expect(claimed.status).toBe(200);
    const claimedCard = ((await claimed.json()) as { data: { cards: { giftFrom: unknown }[] } }).data.cards[0]!;
    expect(claimedCard.giftFrom).toMatchObject({ name: "Chloé" });

    const notice = await mailAbout(shop, chloe.email, card.name);
    expect(notice, "the notice to Chloé").toBeDefined();
    expect(notice.parsed.subject).toBe(`Votre cadeau a été récupéré${NBSP}: ${card.name}`);
    expect(notice.parsed.from!.value[0]).toEqual({ address: MAIL_FROM, name: SHOP_NAME });
    const text = notice.parsed.text!;
    expect(text).toContain("Bonjour Chloé,");
    expect(text).toContain(
      `${maskEmail(friendAddress)} a récupéré la carte que vous avez offerte${NBSP}: ${card.name}, le ${day("fr", new Date(), "Europe/London")}.`,
    );
    expect(text).toContain(`Vos cartes${NBSP}: https://${shop}/apps/twincards`);
    expect(notice.parsed.html).toContain('<html lang="fr"');
    expect(notice.parsed.html).toContain(">Voir mes cartes</a>");
    for (const body of [text, notice.parsed.html as string]) {
      expect(body).not.toContain(friendAddress);
      expect(body).not.toContain("Votre code");
    }

    // The giver's history, and the friend's card, in French and in English.
    const today = new Date();
    const giverFrench = await myCards(shop, chloe.id, "fr");
    expect(visibleText(giverFrench)).toContain("Cartes que vous avez offertes");
    expect(giverFrench).toContain(`${card.name}${NNBSP}: offerte à ${maskEmail(friendAddress)} le ${day("fr", today)}`);
    expect(visibleText(await myCards(shop, chloe.id, "en"))).toContain(
      `Cards you gave ${card.name}: given to ${maskEmail(friendAddress)} on ${day("en-US", today)}`,
    );
    expect(visibleText(await myCards(shop, friend, "fr"))).toContain(`Un cadeau de Chloé, récupéré le ${day("fr", today)}`);
    expect(visibleText(await myCards(shop, friend, "en"))).toContain(`A gift from Chloé, claimed on ${day("en-US", today)}`);
  });

  it("an English giver gets the English notice naming a recipient Shopify knows; the claim page says who gave it", async () => {
    const { shop, card } = await chloesCard();
    const code = await chloeGives(shop, card.id, olivia.email, "en");

    // Olivia claims with no JavaScript: the page that answers says who gave it.
    const claimed = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId: olivia.id }), { code });
    expect(claimed.status).toBe(200);
    expect(visibleText(await renderedPage(claimed, "en"))).toContain("A gift from Chloé, claimed on");

    const notice = await mailAbout(shop, chloe.email, card.name);
    expect(notice.parsed.subject).toBe(`Your gift was claimed: ${card.name}`);
    expect(notice.parsed.text).toContain(`Olivia claimed the card you gave: ${card.name}, on ${day("en", new Date(), "Europe/London")}.`);
    expect(visibleText(await myCards(shop, chloe.id, "en"))).toContain(`${card.name}: given to Olivia on`);
  });

  it("a gift taken back tells the giver nothing, and a refused claim queues no notice", async () => {
    const { shop, card } = await chloesCard();
    const code = await chloeGives(shop, card.id, `ami.${randomUUID().slice(0, 6)}@example.com`, "fr");

    // Chloé cannot claim her own gift: 409, nothing queued for her.
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: chloe.id }), { code })).status).toBe(409);
    expect(await db.notification.count({ where: { shop, destination: chloe.email } })).toBe(0);

    expect((await postJson(signedProxyUrl(`/proxy/cards/${card.id}/cancel-gift`, { shop, customerId: chloe.id }), {})).status).toBe(200);
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), { code })).status).toBe(409);
    expect(await db.notification.count({ where: { shop, destination: chloe.email } })).toBe(0);
    expect(visibleText(await myCards(shop, chloe.id, "en"))).not.toContain("Cards you gave");
  });
});
