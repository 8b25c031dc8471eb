import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { ReminderWorker } from "~/adapters/notifications/reminder-worker.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { createCard } from "~/domain/cards.server";
import { saveReminderSetting } from "~/domain/code-reminders.server";
import { uniqueShop } from "../support/api";
import { getPage, submitFetcher } from "../support/admin";
import { postJson, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput } from "../support/fixtures";
import { quietLog, startSmtpServer, unusedTransport } from "../support/notify";

// The reminder before a code expires (issue 39, item 8; decision 0071): once per code, a shop's number
// of days before it expires (3 by default, 0 for none), the original message again in its language,
// never for a claimed, voided or expired code — exactly once even when workers race.

const MAIL_FROM = "cards@twin-cards.test";
const NBSP = "\u00a0";
const DAY = 24 * 60 * 60 * 1000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

const worker = (shop: string) => new ReminderWorker({ shop, log: quietLog });

/** Sends what the shop's outbox holds; the mails to `address` received so far. */
async function deliver(shop: string, address: string) {
  await new Dispatcher({
    transports: { EMAIL: smtpTransport({ url: smtp.url, mailFrom: MAIL_FROM }), SMS: unusedTransport },
    where: { shop },
    log: quietLog,
  }).drainOnce();
  return smtp.received.filter((mail) => mail.envelopeTo.includes(address));
}

/** A card waiting at a new address, its message delivered ten days ago, its code expiring in `daysLeft` days. */
async function waitingCard(options: { daysLeft: number; locale?: string }) {
  const shop = uniqueShop();
  const address = `later.${randomUUID().slice(0, 8)}@example.com`;
  const created = await createCard(shop, { ...cardInput(`Gold ${randomUUID().slice(0, 4)}`), email: address, locale: options.locale });
  expect(await deliver(shop, address)).toHaveLength(1);
  await db.redemption.updateMany({
    where: { shop },
    data: { createdAt: new Date(Date.now() - 10 * DAY), expiresAt: new Date(Date.now() + options.daysLeft * DAY) },
  });
  return { shop, address, code: created.redemption!.code! };
}

const remindersOf = async (shop: string) =>
  (await db.notification.findMany({ where: { shop } })).filter((row) => (row.payload as { reminder?: boolean }).reminder === true);

describe("the reminder before a code expires", () => {
  it("goes once, with the same code, to a code 2 days from expiry: the worker run twice and two workers racing queue one", async () => {
    const { shop, address, code } = await waitingCard({ daysLeft: 2 });

    await Promise.all([worker(shop).drainOnce(), worker(shop).drainOnce(), worker(shop).drainOnce()]);
    await worker(shop).drainOnce();

    expect(await remindersOf(shop)).toHaveLength(1);
    const mails = await deliver(shop, address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe(`Reminder: ${mails[0]!.parsed.subject}`);
    expect(mails[1]!.parsed.text).toContain(code);
    // The expiry is written with its zone named.
    expect(mails[1]!.parsed.text).toMatch(/before .*\d{4}.*(UTC|GMT)/);
    await worker(shop).drainOnce();
    expect(await deliver(shop, address)).toHaveLength(2);
  });

  it("is in French for a French card's message", async () => {
    const { shop, address, code } = await waitingCard({ daysLeft: 1, locale: "fr" });

    await worker(shop).drainOnce();

    const mails = await deliver(shop, address);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.subject).toBe(`Rappel${NBSP}: ${mails[0]!.parsed.subject}`);
    expect(mails[1]!.parsed.html).toContain('<html lang="fr"');
    expect(mails[1]!.parsed.text).toContain(code);
  });

  it("waits until the shop's window opens: none 5 days ahead with the default 3, one once the shop says 7", async () => {
    const { shop } = await waitingCard({ daysLeft: 5 });

    await worker(shop).drainOnce();
    expect(await remindersOf(shop)).toHaveLength(0);

    await saveReminderSetting(shop, { reminderDays: "7" });
    await worker(shop).drainOnce();
    expect(await remindersOf(shop)).toHaveLength(1);
  });

  it("sends none when the shop turned reminders off", async () => {
    const { shop, address } = await waitingCard({ daysLeft: 1 });
    await saveReminderSetting(shop, { reminderDays: 0 });

    await worker(shop).drainOnce();

    expect(await remindersOf(shop)).toHaveLength(0);
    expect(await deliver(shop, address)).toHaveLength(1);
  });

  it("sends none for a claimed card, a voided one or an expired code", async () => {
    const claimed = await waitingCard({ daysLeft: 1 });
    const claim = await postJson(signedProxyUrl("/proxy/redeem", { shop: claimed.shop, customerId: uniqueCustomerId() }), {
      code: claimed.code,
    });
    expect(claim.status).toBe(200);
    const voided = await waitingCard({ daysLeft: 1 });
    await db.unitCard.updateMany({ where: { shop: voided.shop }, data: { status: "VOID", voidedAt: new Date() } });
    const expired = await waitingCard({ daysLeft: -1 });

    for (const { shop } of [claimed, voided, expired]) await worker(shop).drainOnce();

    for (const { shop, address } of [claimed, voided, expired]) {
      expect(await remindersOf(shop)).toHaveLength(0);
      expect(await deliver(shop, address)).toHaveLength(1);
    }
  });

  it("sends none for a code that lived less than the window: its first message is recent enough", async () => {
    const shop = uniqueShop();
    await createCard(shop, {
      ...cardInput("Gold"),
      email: `soon.${randomUUID().slice(0, 8)}@example.com`,
      expiresAt: new Date(Date.now() + 2 * DAY).toISOString(),
    });

    await worker(shop).drainOnce();

    expect(await remindersOf(shop)).toHaveLength(0);
  });
});

describe("the reminder setting", () => {
  it("refuses a number of days that is not one, naming the field, and keeps what was saved", async () => {
    const shop = uniqueShop();
    await saveReminderSetting(shop, { reminderDays: 5 });

    for (const reminderDays of ["-1", "31", "2.5", "three", ""]) {
      await expect(saveReminderSetting(shop, { reminderDays })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        details: [expect.objectContaining({ path: "reminderDays" })],
      });
    }
    expect((await db.shopSetup.findUniqueOrThrow({ where: { shop } })).reminderDays).toBe(5);
  });
});

describe("the reminder setting on the Settings page", () => {
  it("shows 3 days by default, saves 7, and refuses a bad number with 400 at the field, in French too, saving nothing", async () => {
    const shop = uniqueShop();
    const page = await getPage("/app/settings", shop);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Expiry reminders");
    expect(page.body).toMatch(/name="reminderDays"[^>]*value="3"|value="3"[^>]*name="reminderDays"/);

    const saved = await submitFetcher("/app/settings", shop, { intent: "reminders", reminderDays: "7" });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ ok: true, data: { reminderDays: 7 } });

    for (const reminderDays of ["-2", "45", "1.5", "soon", ""]) {
      const refused = await submitFetcher("/app/settings", shop, { intent: "reminders", reminderDays });
      expect(refused.status).toBe(400);
      expect(refused.result).toMatchObject({
        ok: false,
        fieldErrors: { reminderDays: "Must be a whole number of days from 0 (no reminder) to 30" },
      });
    }
    const french = await submitFetcher("/app/settings", shop, { intent: "reminders", reminderDays: "quarante" }, { locale: "fr" });
    expect(french.status).toBe(400);
    expect(french.result).toMatchObject({
      fieldErrors: { reminderDays: "Doit être un nombre entier de jours, de 0 (aucun rappel) à 30" },
    });
    expect((await db.shopSetup.findUniqueOrThrow({ where: { shop } })).reminderDays).toBe(7);
  });
});
