import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import { shopClient } from "../support/api";
import { quietLog, startSmtpServer, unusedTransport } from "../support/notify";

const PRIVATE_VALUE = "margin-7731-do-not-share";
const MAIL_FROM = "cards@twin-cards.test";

const card = (name: string) => ({
  name,
  media: { imageUrls: [`https://cdn.example.com/${name}.png`], videoUrls: [] },
  metadata: [
    { key: "sku", value: `SKU-${name}`, metaType: "RETAIL_IDENTIFIER" },
    { key: "supplier-cost-internal", value: PRIVATE_VALUE, visibility: "PRIVATE" as const },
  ],
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dispatcherFor(shop: string, smtpUrl: string) {
  const dispatcher = new Dispatcher({
    transports: { EMAIL: smtpTransport({ url: smtpUrl, mailFrom: MAIL_FROM }), SMS: unusedTransport },
    where: { shop },
    pollMs: 20,
    backoffBaseMs: 20,
    log: quietLog,
  }).start();
  cleanups.push(() => dispatcher.stop());
  return dispatcher;
}

const notificationOf = (shop: string) => db.notification.findFirstOrThrow({ where: { shop, channel: "EMAIL" } });

describe("claim e-mail over SMTP", () => {
  it("delivers the code, the claim link and the card names, never PRIVATE metadata, and marks the row SENT", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { shop, client } = await shopClient();
    const created = await client.cards.createBatch({
      redemption: { email: "Jane.Doe@Example.com" },
      cards: [card("Gold"), card("Silver & <Co>")],
    });
    const code = created[0]!.redemption!.code!;

    await dispatcherFor(shop, smtp.url);

    await expect.poll(async () => (await notificationOf(shop)).status, { timeout: 20_000 }).toBe("SENT");
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const claimLink = `https://${shop}/apps/twincards/redeem?code=${encodeURIComponent(code)}`;
    expect(mail!.envelopeTo).toEqual(["jane.doe@example.com"]);
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: "jane.doe@example.com" }] });
    expect(mail!.parsed.from!.value[0]).toEqual({ address: MAIL_FROM, name: shop });
    expect(mail!.parsed.subject).toBe(`${shop}: your cards are ready to claim`);
    for (const body of [mail!.parsed.text!, mail!.parsed.html as string]) {
      expect(body).toContain(code);
      expect(body).toContain(claimLink);
      expect(body).toContain("Gold");
    }
    expect(mail!.parsed.text).toContain("Silver & <Co>");
    expect(mail!.parsed.html).toContain("Silver &amp; &lt;Co&gt;");
    expect(mail!.parsed.html).not.toContain("<Co>");
    expect(mail!.parsed.html).toContain('src="https://cdn.example.com/Gold.png"');
    expect(mail!.raw).not.toContain(PRIVATE_VALUE);
    expect(mail!.raw).not.toContain("supplier-cost-internal");

    const row = await notificationOf(shop);
    expect(row).toMatchObject({
      status: "SENT",
      attempts: 1,
      lastError: null,
      lockedUntil: null,
      providerMessageId: mail!.parsed.messageId,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Delivered: the code no longer sits in the outbox.
    expect(JSON.stringify(row.payload)).not.toContain(code);
  });

  it("retries a server that refuses the first two attempts (451) and delivers exactly once on the third", async () => {
    const smtp = await startSmtpServer({
      onRcptTo: (_address, attempt) => (attempt <= 2 ? { code: 451, message: "4.7.1 Greylisted, try again later" } : undefined),
    });
    cleanups.push(smtp.close);
    const { shop, client } = await shopClient();
    await client.cards.create({ ...card("Gold"), email: "jane@example.com" });

    await dispatcherFor(shop, smtp.url);

    await expect.poll(async () => (await notificationOf(shop)).status, { timeout: 20_000 }).toBe("SENT");
    expect(smtp.rcptAttempts()).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(await notificationOf(shop)).toMatchObject({ status: "SENT", attempts: 3, lastError: null });
  });

  it("fails at once on a permanent refusal (550), keeping the error, and never loses the card", async () => {
    const smtp = await startSmtpServer({ onRcptTo: () => ({ code: 550, message: "5.1.1 No such user here" }) });
    cleanups.push(smtp.close);
    const { shop, client } = await shopClient();
    await client.cards.create({ ...card("Gold"), email: "nobody@example.com" });

    await dispatcherFor(shop, smtp.url);

    await expect.poll(async () => (await notificationOf(shop)).status, { timeout: 20_000 }).toBe("FAILED");
    const row = await notificationOf(shop);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain("No such user here");
    expect(smtp.received).toHaveLength(0);
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
  });

  it("gives up after NOTIFY_MAX_ATTEMPTS temporary failures with the last error", async () => {
    const smtp = await startSmtpServer({ onRcptTo: (_address, attempt) => ({ code: 451, message: `Busy #${attempt}` }) });
    cleanups.push(smtp.close);
    const { shop, client } = await shopClient();
    await client.cards.create({ ...card("Gold"), email: "jane@example.com" });

    const dispatcher = new Dispatcher({
      transports: { EMAIL: smtpTransport({ url: smtp.url, mailFrom: MAIL_FROM }), SMS: unusedTransport },
      where: { shop },
      pollMs: 20,
      backoffBaseMs: 5,
      maxAttempts: 3,
      log: quietLog,
    }).start();
    cleanups.push(() => dispatcher.stop());

    await expect.poll(async () => (await notificationOf(shop)).status, { timeout: 20_000 }).toBe("FAILED");
    expect(await notificationOf(shop)).toMatchObject({ attempts: 3, lastError: expect.stringContaining("Busy #3") });
  });
});
