import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { createCard } from "~/domain/cards.server";
import { RESENDS_PER_DESTINATION, RESENDS_PER_VISITOR } from "~/domain/code-reminders.server";
import { uniqueShop } from "../support/api";
import { visibleText } from "../support/admin";
import { postForm, postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput } from "../support/fixtures";
import { quietLog, startSmtpServer, unusedTransport } from "../support/notify";

// "Didn't get it? Send it again" on the claim page (issue 39, item 8; decision 0071): the original
// message again, same code and language, through the outbox, only for a code still waiting at exactly
// that destination; the same answer whatever the address, nothing sent for one with nothing waiting.

const MAIL_FROM = "cards@twin-cards.test";
const NNBSP = "\u202f";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

let visitors = 0;
/** A storefront visitor's address of its own, so the per-visitor limit counts one test's asks only. */
const visitor = () => `198.51.100.${++visitors}`;

const resendUrl = (shop: string) => signedProxyUrl("/proxy/redeem/resend", { shop });
const resendJson = (shop: string, body: unknown, address = visitor()) => postJson(resendUrl(shop), body, address);
const resendForm = (shop: string, destination: string, address = visitor()) => postForm(resendUrl(shop), { destination }, address);

/** Sends what the shop's outbox holds through the SMTP server; the mails to `address` received so far. */
async function deliver(shop: string, address: string) {
  await new Dispatcher({
    transports: { EMAIL: smtpTransport({ url: smtp.url, mailFrom: MAIL_FROM }), SMS: unusedTransport },
    where: { shop },
    log: quietLog,
  }).drainOnce();
  return smtp.received.filter((mail) => mail.envelopeTo.includes(address));
}

/** A card waiting for its claim at a new address, its message already delivered. */
async function sentCard(options: { locale?: string } = {}) {
  const shop = uniqueShop();
  const address = `shopper.${randomUUID().slice(0, 8)}@example.com`;
  const created = await createCard(shop, { ...cardInput(`Carte ${randomUUID().slice(0, 4)}`), email: address, ...options });
  const first = await deliver(shop, address);
  expect(first).toHaveLength(1);
  return { shop, address, code: created.redemption!.code!, first: first[0]! };
}

const rowsOf = (shop: string) => db.notification.count({ where: { shop } });

describe("sending a claim code again", () => {
  it("sends the original message again, with the same code, to the address typed in another case and with spaces", async () => {
    const { shop, address, code, first } = await sentCard();
    expect(first.parsed.text).toContain(code);

    const answer = await resendJson(shop, { destination: `  ${address.toUpperCase()} ` });

    expect(answer.status).toBe(202);
    const mails = await deliver(shop, address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe(first.parsed.subject);
    expect(mails[1]!.parsed.text).toContain(code);
    // Delivered: the clear code left the row again, as it does from every sent message.
    const rows = await db.notification.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(rows.map((row) => row.status)).toEqual(["SENT", "SENT"]);
    expect(JSON.stringify(rows[1]!.payload)).not.toContain(code);
  });

  it("writes a French message again in French, from the no-JavaScript form, with the neutral confirmation in French", async () => {
    const { shop, address, code, first } = await sentCard({ locale: "fr" });

    const page = await resendForm(shop, address);

    expect(page.status).toBe(200);
    const text = visibleText(await renderedPage(page, "fr"));
    expect(text).toContain("Si un code encore en attente a été envoyé à cette adresse, nous venons de le renvoyer.");
    const mails = await deliver(shop, address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe(first.parsed.subject);
    expect(mails[1]!.parsed.html).toContain('<html lang="fr"');
    expect(mails[1]!.parsed.text).toContain(code);
  });

  it("answers an unknown address and a claimed code's address exactly as a real one, and sends nothing for them", async () => {
    const real = await sentCard();
    const claimed = await sentCard();
    const claim = await postJson(signedProxyUrl("/proxy/redeem", { shop: claimed.shop, customerId: uniqueCustomerId() }), {
      code: claimed.code,
    });
    expect(claim.status).toBe(200);
    const unknown = `nobody.${randomUUID().slice(0, 8)}@example.com`;
    const before = { real: await rowsOf(real.shop), claimed: await rowsOf(claimed.shop) };

    const answers = [
      await resendJson(real.shop, { destination: real.address }),
      await resendJson(real.shop, { destination: unknown }),
      await resendJson(claimed.shop, { destination: claimed.address }),
    ];

    const seen = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: await answer.text() })));
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    expect(await rowsOf(real.shop)).toBe(before.real + 1);
    expect(await rowsOf(claimed.shop)).toBe(before.claimed);
    expect(await deliver(claimed.shop, claimed.address)).toHaveLength(1);

    // The pages too: the same words for the real address and the unknown one.
    const pages = [await resendForm(real.shop, real.address), await resendForm(real.shop, unknown)];
    expect(pages.map((page) => page.status)).toEqual([200, 200]);
    const texts = await Promise.all(pages.map(async (page) => visibleText(await renderedPage(page))));
    expect(texts[1]).toBe(texts[0]);
    expect(texts[0]).toContain("If a code still waiting to be claimed was sent to this address, we have sent it again.");
  });

  it("sends nothing for a voided card's or an expired code's address", async () => {
    const voided = await sentCard();
    await db.unitCard.updateMany({ where: { shop: voided.shop }, data: { status: "VOID", voidedAt: new Date() } });
    const expired = await sentCard();
    await db.redemption.updateMany({ where: { shop: expired.shop }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = { voided: await rowsOf(voided.shop), expired: await rowsOf(expired.shop) };

    expect((await resendJson(voided.shop, { destination: voided.address })).status).toBe(202);
    expect((await resendJson(expired.shop, { destination: expired.address })).status).toBe(202);

    expect(await rowsOf(voided.shop)).toBe(before.voided);
    expect(await rowsOf(expired.shop)).toBe(before.expired);
  });

  it("queues a text message again to the phone number typed with spaces, with the same code", async () => {
    const shop = uniqueShop();
    const created = await createCard(shop, { ...cardInput("Gold"), phone: "+14155550123" });
    await db.notification.updateMany({ where: { shop }, data: { status: "SENT", sentAt: new Date() } });

    expect((await resendJson(shop, { destination: "+1 415 555 0123" })).status).toBe(202);

    const rows = await db.notification.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ channel: "SMS", destination: "+14155550123", status: "PENDING" });
    expect((rows[1]!.payload as { code: string }).code).toBe(created.redemption!.code);
  });

  it("does not queue a message twice while the first is still on its way", async () => {
    const shop = uniqueShop();
    const address = `waiting.${randomUUID().slice(0, 8)}@example.com`;
    await createCard(shop, { ...cardInput("Gold"), email: address });

    expect((await resendJson(shop, { destination: address })).status).toBe(202);

    expect(await rowsOf(shop)).toBe(1);
  });
});

describe("limits on sending a code again", () => {
  it("refuses a fourth ask for one address with 429, Retry-After and the words in French, whatever the visitor", async () => {
    const { shop, address } = await sentCard();
    for (let ask = 0; ask < RESENDS_PER_DESTINATION.capacity; ask++) {
      expect((await resendJson(shop, { destination: address })).status).toBe(202);
    }
    const before = await rowsOf(shop);

    const refused = await resendForm(shop, address);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await renderedPage(refused, "fr"))).toContain("Trop de demandes de renvoi. Réessayez dans quelques minutes.");
    const json = await resendJson(shop, { destination: address });
    expect(json.status).toBe(429);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    expect(await rowsOf(shop)).toBe(before);
  });

  it("refuses a visitor asking for too many addresses, for any address, real or not", async () => {
    const { shop, address } = await sentCard();
    const from = visitor();
    for (let ask = 0; ask < RESENDS_PER_VISITOR.capacity; ask++) {
      expect((await resendJson(shop, { destination: `guess${ask}.${randomUUID().slice(0, 6)}@example.com` }, from)).status).toBe(202);
    }
    const before = await rowsOf(shop);

    const refused = await resendJson(shop, { destination: address }, from);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await rowsOf(shop)).toBe(before);
    // Another visitor still may.
    expect((await resendJson(shop, { destination: address })).status).toBe(202);
  });
});

describe("bad input to send a code again", () => {
  // 422 VALIDATION_FAILED, as every field the app refuses (decision 0003).
  it("refuses a missing or malformed destination with 422 naming the field, and sends nothing", async () => {
    const { shop, address } = await sentCard();
    const before = await rowsOf(shop);

    for (const body of [{}, { destination: "" }, { destination: "not an address" }, { destination: "0612345678" }, { destination: 42 }]) {
      const refused = await resendJson(shop, body);
      expect(refused.status).toBe(422);
      const { error } = (await refused.json()) as { error: { code: string; details: { path: string; message: string }[] } };
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((detail) => detail.path)).toEqual(["destination"]);
    }
    const other = await resendJson(shop, { destination: address, extra: true });
    expect(other.status).toBe(422);
    const notJson = await resendJson(shop, "{");
    expect(notJson.status).toBe(422);

    const page = await resendForm(shop, "chez moi");
    expect(page.status).toBe(422);
    const text = visibleText(await renderedPage(page, "fr"));
    expect(text).toContain("Saisissez une adresse e-mail, ou un numéro de téléphone commençant par + et l’indicatif du pays.");
    const empty = await resendForm(shop, " ");
    expect(empty.status).toBe(422);
    expect(visibleText(await renderedPage(empty))).toContain("Enter the e-mail address or phone number the code was sent to.");

    expect(await rowsOf(shop)).toBe(before);
    expect(await deliver(shop, address)).toHaveLength(1);
  });
});

describe("the way to it", () => {
  it("links the claim page, logged in or not, to the resend form, in French on a French page", async () => {
    const shop = uniqueShop();
    for (const customerId of [uniqueCustomerId(), undefined]) {
      const claimPage = await proxyFetch(signedProxyUrl("/proxy/redeem?code=ABCD", { shop, customerId }));
      const page = await renderedPage(claimPage, "fr");
      expect(page).toContain(`Vous ne l’avez pas reçu${NNBSP}? Le renvoyer`);
      expect(page).toMatch(/href="[^"]*\/apps\/twincards\/redeem\/resend/);
    }
    const form = await proxyFetch(signedProxyUrl("/proxy/redeem/resend", { shop }));
    expect(form.status).toBe(200);
    expect(visibleText(await renderedPage(form, "fr"))).toContain("E-mail ou numéro de téléphone");
  });
});
