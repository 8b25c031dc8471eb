import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { gsm7Length } from "~/domain/messages/sms-length";
import { twilioTransport } from "~/adapters/notifications/transports/twilio.server";
import { shopClient } from "../support/api";
import { quietLog, startTwilioStub, unusedTransport } from "../support/notify";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-test-token";
const FROM = "+15005550006";

let twilio: Awaited<ReturnType<typeof startTwilioStub>>;
beforeAll(async () => (twilio = await startTwilioStub()));
afterAll(() => twilio.close());

const card = { name: "Gold", media: { imageUrls: ["https://cdn.example.com/gold.png"], videoUrls: [] } };

/** Creates a phone card for a new shop, runs a dispatcher for that shop until the SMS row reaches `status`. */
async function deliver(status: "SENT" | "FAILED") {
  const { shop, client } = await shopClient();
  const created = await client.cards.create({ ...card, phone: "+1 415-555-4567" });
  const before = twilio.requests.length;
  const dispatcher = new Dispatcher({
    transports: { SMS: twilioTransport({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl: twilio.url }), EMAIL: unusedTransport },
    where: { shop },
    pollMs: 20,
    backoffBaseMs: 20,
    log: quietLog,
  }).start();
  try {
    await expect.poll(async () => (await db.notification.findFirstOrThrow({ where: { shop } })).status, { timeout: 20_000 }).toBe(status);
  } finally {
    await dispatcher.stop();
  }
  const row = await db.notification.findFirstOrThrow({ where: { shop } });
  return { shop, code: created.redemption!.code!, row, requests: twilio.requests.slice(before) };
}

describe("claim SMS through a Twilio-compatible API", () => {
  it("posts one form-encoded message of at most 160 GSM-7 characters with the code and link, and keeps the sid", async () => {
    const { shop, code, row, requests } = await deliver("SENT");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request!.contentType).toContain("application/x-www-form-urlencoded");
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(request!.form.To).toBe("+14155554567");
    expect(request!.form.From).toBe(FROM);
    const body = request!.form.Body!;
    expect(body).toContain(code);
    expect(body).toContain(`https://${shop}/apps/twincards/redeem?code=${encodeURIComponent(code)}`);
    expect(body.length).toBeLessThanOrEqual(160);
    expect(gsm7Length(body)).not.toBeNull();
    expect(gsm7Length(body)!).toBeLessThanOrEqual(160);
    expect(row).toMatchObject({ status: "SENT", attempts: 1, lastError: null });
    expect(row.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("retries after a 429 and then delivers", async () => {
    twilio.script.push({ status: 429, body: { code: 20429, message: "Too Many Requests", status: 429 } });
    const { row, requests } = await deliver("SENT");
    expect(requests).toHaveLength(2);
    expect(row).toMatchObject({ status: "SENT", attempts: 2, lastError: null });
  });

  it("retries after a 5xx and then delivers", async () => {
    twilio.script.push({ status: 503, body: { code: 20503, message: "Service Unavailable", status: 503 } });
    const { row, requests } = await deliver("SENT");
    expect(requests).toHaveLength(2);
    expect(row).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("fails at once on a 400, keeping the provider's error", async () => {
    twilio.script.push({
      status: 400,
      body: { code: 21211, message: "The 'To' number +14155554567 is not a valid phone number.", status: 400 },
    });
    const { row, requests } = await deliver("FAILED");
    expect(requests).toHaveLength(1);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain("400");
    expect(row.lastError).toContain("The 'To' number +14155554567 is not a valid phone number. (code 21211)");
    expect(row.providerMessageId).toBeNull();
  });
});
