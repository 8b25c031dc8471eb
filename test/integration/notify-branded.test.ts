import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { twilioTransport } from "~/adapters/notifications/transports/twilio.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { DEFAULT_TEMPLATES } from "~/domain/messages/default-templates";
import { getPage, submitFetcher } from "../support/admin";
import { http, shopClient } from "../support/api";
import { cardInput } from "../support/fixtures";
import { quietLog, startSmtpServer, startTwilioStub } from "../support/notify";
import { adminApiStubUrl, FRENCH_SHOP, setStubShop } from "../support/stub-shop";
import { issuedOrder } from "../support/order-issues";

// Issue 25: the claim e-mail and SMS in the shop's name and logo, in the
// customer's language, the expiry in the shop's time zone written the reader's
// way, rendered from the outbox when sent.

const MAIL_FROM = "cards@twin-cards.test";
const NBSP = "\u00a0";
const PRIVATE_VALUE = "supplier-cost";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let twilio: Awaited<ReturnType<typeof startTwilioStub>>;
beforeAll(async () => {
  [smtp, twilio] = await Promise.all([startSmtpServer(), startTwilioStub()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), twilio.close()]);
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The next 15 January at 13:00 UTC (14:00 in Paris, winter time): always within a year, as /v1 requires. */
function nextJanuary15() {
  const now = new Date();
  let year = now.getUTCFullYear();
  if (Date.UTC(year, 0, 15, 13) <= now.getTime() + 86_400_000) year += 1;
  return { iso: new Date(Date.UTC(year, 0, 15, 13)).toISOString(), year };
}

/** A shop whose merchant opened the admin: the app read its name, logo, languages and zone from Shopify. */
async function frenchShopWithKey() {
  const { shop, client } = await shopClient();
  await setStubShop(shop, FRENCH_SHOP);
  expect((await getPage("/app", shop)).status).toBe(200);
  return { shop, client };
}

/** Runs a dispatcher for `shop` until every notification of it is SENT. */
async function dispatch(shop: string) {
  const dispatcher = new Dispatcher({
    transports: {
      EMAIL: smtpTransport({ url: smtp.url, mailFrom: MAIL_FROM }),
      SMS: twilioTransport({ accountSid: "AC0123456789abcdef0123456789abcdef", authToken: "t", from: "+15005550006", baseUrl: twilio.url }),
    },
    where: { shop },
    pollMs: 20,
    log: quietLog,
  }).start();
  stops.push(() => dispatcher.stop());
  await expect
    .poll(async () => (await db.notification.findMany({ where: { shop } })).every((row) => row.status === "SENT"), { timeout: 20_000 })
    .toBe(true);
}

const mailTo = (address: string) => smtp.received.find((mail) => mail.envelopeTo.includes(address))!;

describe("claim messages in the shop's brand and the customer's language", () => {
  it("a French shop's customer gets a French e-mail and SMS with the shop's name and logo, the expiry in Paris time written the French way", async () => {
    const { shop, client } = await frenchShopWithKey();
    const expiry = nextJanuary15();
    const email = `camille.${shop.slice(5, 13)}@example.com`;

    await client.cards.create({ ...cardInput("Carte Or"), email, phone: "+33 6 12 34 56 78", expiresAt: expiry.iso, firstName: "Camille" });
    await dispatch(shop);

    const mail = mailTo(email);
    expect(mail.parsed.from!.value[0]).toEqual({ address: MAIL_FROM, name: "Maison Lumière" });
    expect(mail.parsed.subject).toBe(`Maison Lumière${NBSP}: votre carte vous attend`);
    const expiresFrench = `15 janvier ${expiry.year} à 14:00 UTC+1`;
    expect(mail.parsed.text).toContain("Bonjour Camille,");
    expect(mail.parsed.text).toContain(`avant le ${expiresFrench}.`);
    expect(mail.parsed.html).toContain(`avant le ${expiresFrench}.`);
    expect(mail.parsed.html).toContain(`<img class="logo" src="${adminApiStubUrl}/images/logo.png" alt="Maison Lumière"`);
    expect(mail.parsed.html).toContain('<html lang="fr">');
    expect(mail.parsed.html).toContain("Récupérer ma carte");
    // CSS inlined for clients that drop <style>; a text part beside the HTML.
    expect(mail.parsed.html).not.toContain("<style");
    expect(mail.parsed.html).toMatch(/<a class="button" href="[^"]+" style="[^"]*background: #008060/);
    const styledTags = String(mail.parsed.html).match(/<[a-z]+ [^>]*class="[^"]+"[^>]*>/g) ?? [];
    expect(styledTags.length).toBeGreaterThan(5);
    expect(styledTags.filter((tag) => !tag.includes(' style="'))).toEqual([]);
    expect(mail.parsed.text).toMatch(/Votre code\u00a0: [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    // Transactional: no List-Unsubscribe (docs/decisions/0031-branded-localized-messages.md).
    expect(mail.parsed.headers.has("list-unsubscribe")).toBe(false);
    expect(mail.raw).not.toContain(PRIVATE_VALUE);

    const sms = twilio.requests.find((request) => request.form.To === "+33612345678")!;
    expect(sms.form.Body).toMatch(/^Maison Lumière, votre code [0-9A-Z-]{14} - récupérez votre carte sur https:\/\//);
  });

  it("writes English for a customer whose locale is English, the same expiry the British way in the shop's zone", async () => {
    const { shop, client } = await frenchShopWithKey();
    const expiry = nextJanuary15();
    const email = `jane.${shop.slice(5, 13)}@example.com`;

    await client.cards.create({ ...cardInput("Gold"), email, expiresAt: expiry.iso, locale: "en-gb", firstName: "Jane" });
    await dispatch(shop);

    const mail = mailTo(email);
    expect(mail.parsed.from!.value[0]!.name).toBe("Maison Lumière");
    expect(mail.parsed.subject).toBe("Maison Lumière: your card is ready to claim");
    expect(mail.parsed.text).toContain("Hello Jane,");
    // British English names the zone its own way: CET.
    expect(mail.parsed.text).toContain(`before 15 January ${expiry.year} at 14:00 CET.`);
    expect(mail.parsed.html).toContain("Claim your card");
  });

  it("sends the template as it is when the message leaves: a fix made after the card was created reaches it, and only in its own shop", async () => {
    const { shop, client } = await frenchShopWithKey();
    const other = await frenchShopWithKey();
    const email = `late.${shop.slice(5, 13)}@example.com`;
    const otherEmail = `other.${other.shop.slice(5, 13)}@example.com`;
    await client.cards.create({ ...cardInput("Carte Or"), email });
    await other.client.cards.create({ ...cardInput("Carte Or"), email: otherEmail });

    const saved = await submitFetcher(`/app/settings/messages`, shop, {
      intent: "save",
      language: "fr",
      ...DEFAULT_TEMPLATES.fr,
      subject: "{{ shop.name }} — {{ card.name }} vous attend",
    });
    expect(saved.result).toMatchObject({ ok: true });
    await dispatch(shop);
    await dispatch(other.shop);

    expect(mailTo(email).parsed.subject).toBe("Maison Lumière — Carte Or vous attend");
    expect(mailTo(otherEmail).parsed.subject).toBe(`Maison Lumière${NBSP}: votre carte vous attend`);
  });

  it("refuses a locale that is not a language tag with a 422 naming the field, and writes nothing", async () => {
    const { shop, key } = await shopClient();

    const response = await http("/v1/unit-cards", {
      method: "POST",
      key,
      body: JSON.stringify({ ...cardInput(), email: "x@example.com", locale: "not a locale!" }),
      headers: { "Content-Type": "application/json" },
    });

    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details).toContainEqual({ path: "locale", message: "Must be a language tag such as fr or fr-CA" });
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });

  it("an order's claim message speaks the checkout's language and greets the customer by name", async () => {
    const { shop } = await frenchShopWithKey();
    await setStubShop(shop, { primaryLocale: "en" });
    await getPage("/app/settings/messages", shop);

    await issuedOrder(shop, null, { locale: "fr-CA", firstName: "Chloé" });

    const row = await db.notification.findFirstOrThrow({ where: { shop } });
    const message = await composeClaimMessage(shop, row.payload as unknown as ClaimNotificationPayload);
    expect(message).toMatchObject({ language: "fr", locale: "fr-CA", shopName: "Maison Lumière" });
    expect(message.emailBody).toContain("Bonjour Chloé,");
    // Canadian French writes the hour its own way: "à 14 h 00".
    expect(message.emailBody).toMatch(/avant le \d{1,2} [a-zéû]+ \d{4} à \d{1,2} h \d{2} /);
  });
});
