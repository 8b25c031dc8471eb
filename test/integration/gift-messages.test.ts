import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postJson, signedProxyUrl } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput } from "../support/fixtures";
import { quietLog, startSmtpServer, unusedTransport } from "../support/notify";
import { setStubShop } from "../support/stub-shop";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";

// Issue 39, item 2: a gift's message is in its recipient's language — theirs when Shopify knows
// them, else the giver's page's — names the giver as they chose (their first name by default, never
// their e-mail), keeps their words, and no longer says the shop sent it. Sent through a real SMTP
// server that keeps what it receives (smtp-sink.ts counts messages without keeping them).

const MAIL_FROM = "cards@twin-cards.test";
const NBSP = "\u00a0";
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

const give = (shop: string, cardId: string, body: unknown) =>
  postJson(signedProxyUrl(`/proxy/cards/${cardId}/give`, { shop, customerId: chloe.id }), body);

/** Sends the shop's messages through the SMTP server; resolves with the one to `address`. */
async function mailTo(shop: string, address: string) {
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
  return smtp.received.find((mail) => mail.envelopeTo.includes(address))!;
}

describe("a gift's message, in its recipient's language and its giver's name", () => {
  it("from a French page to an address Shopify does not know: French, from Chloé (her first name in Shopify), with her words", async () => {
    const { shop, card } = await chloesCard();
    const friend = `ami.${randomUUID().slice(0, 6)}@example.com`;

    const given = await give(shop, card.id, { email: friend, message: "Joyeux anniversaire !", locale: "fr" });
    expect(given.status).toBe(200);
    const mail = await mailTo(shop, friend);

    expect(mail.parsed.subject).toBe(`Chloé vous offre une carte${NBSP}: ${card.name}`);
    expect(mail.parsed.from!.value[0]).toEqual({ address: MAIL_FROM, name: `Chloé via ${SHOP_NAME}` });
    const text = mail.parsed.text!;
    expect(text).toContain(`Chloé vous offre une carte${NBSP}: ${card.name}.`);
    expect(text).toContain(`Un mot de Chloé${NBSP}:`);
    expect(text).toContain('"Joyeux anniversaire !"');
    expect(text).toContain("Récupérez-la avec le code ci-dessous");
    expect(text).toMatch(/[?&]lang=fr\b/);
    for (const body of [text, mail.parsed.html as string]) {
      expect(body).not.toContain("vous a envoyé");
      expect(body).not.toContain(chloe.email);
      expect(body).not.toContain("gave you");
    }
    expect(mail.parsed.html).toContain('<html lang="fr"');
  });

  it("to a customer Shopify knows in English: English whatever the giver's page, greeting them by their first name", async () => {
    const { shop, card } = await chloesCard();

    expect((await give(shop, card.id, { email: olivia.email.toUpperCase(), message: "Pour toi", locale: "fr" })).status).toBe(200);
    const mail = await mailTo(shop, olivia.email);

    expect(mail.parsed.subject).toBe(`Chloé gave you a card: ${card.name}`);
    const text = mail.parsed.text!;
    expect(text).toContain("Hello Olivia,");
    expect(text).toContain("A message from Chloé:");
    expect(text).toContain('"Pour toi"');
    expect(text).not.toContain(`${SHOP_NAME} sent you`);
    // English is the shop's language: the link need not say it.
    expect(text).not.toMatch(/[?&]lang=/);
  });

  it("from the customer account page in French: French, from Chloé's first name in Shopify", async () => {
    const { shop, card } = await chloesCard();
    const friend = `ami.${randomUUID().slice(0, 6)}@example.com`;

    const given = await accountFetch(`/cards/${card.id}/give`, {
      token: accountToken(shop, chloe.id),
      body: { email: friend, locale: "fr" },
    });
    expect(given.status).toBe(200);
    const mail = await mailTo(shop, friend);

    expect(mail.parsed.subject).toBe(`Chloé vous offre une carte${NBSP}: ${card.name}`);
    expect(mail.parsed.text).toContain("Bonjour,");
  });

  it("names the giver as they chose to be named on the give form", async () => {
    const { shop, card } = await chloesCard();
    const friend = `ami.${randomUUID().slice(0, 6)}@example.com`;

    expect((await give(shop, card.id, { email: friend, fromName: "  Tata Chloé ", locale: "fr" })).status).toBe(200);
    const mail = await mailTo(shop, friend);

    expect(mail.parsed.subject).toBe(`Tata Chloé vous offre une carte${NBSP}: ${card.name}`);
    expect(mail.parsed.from!.value[0]!.name).toBe(`Tata Chloé via ${SHOP_NAME}`);
  });

  it("refuses an e-mail address as the giver's name, at the field, and sends and writes nothing", async () => {
    const { shop, card } = await chloesCard();

    const refused = await give(shop, card.id, { email: "ami@example.com", fromName: chloe.email, locale: "fr" });

    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ path: "fromName", message: "Must be your name, not an e-mail address" }] },
    });
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED" });
    expect(await db.cardTransfer.count({ where: { shop } })).toBe(0);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });
});
