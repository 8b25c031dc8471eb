import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { PrismaClient } from "@prisma/client";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { db } from "~/db/client.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { localEmailTransport, localSmsTransport, messagesDir } from "~/adapters/notifications/transports/local.server";
import type { Transport } from "~/adapters/notifications/transports/transport";

export const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps what it receives.
 * `onRcptTo` may refuse a recipient (return an SMTP code and message);
 * `delayMs` holds each message's final reply that long (a slow server).
 */
export async function startSmtpServer(
  options: {
    onRcptTo?: (address: SMTPServerAddress, attempt: number) => { code: number; message: string } | undefined;
    delayMs?: number;
  } = {},
) {
  const received: ReceivedMail[] = [];
  let rcptAttempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcptAttempts++;
      const refusal = options.onRcptTo?.(address, rcptAttempts);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed });
          setTimeout(() => callback(), options.delayMs ?? 0);
        }, callback);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rcptAttempts: () => rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TwilioRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A local HTTP server answering like Twilio's Messages API. Each request takes the
 * next scripted answer (status and JSON body); once the script is used up, 201 with a new sid.
 */
export async function startTwilioStub() {
  const requests: TwilioRequest[] = [];
  const script: { status: number; body: Record<string, unknown>; headers?: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({
        path: req.url ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      const next = script.shift() ?? { status: 201, body: { sid: `SM${randomUUID().replace(/-/g, "")}`, status: "queued" } };
      res.writeHead(next.status, { "Content-Type": "application/json", ...next.headers });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A transport that must not be used in a test. */
export const unusedTransport: Transport = {
  name: "unused",
  send: () => Promise.reject(new Error("This channel is not under test")),
};

/** A redemption and `count` due notifications written straight to the outbox (as card creation would). */
export async function insertNotifications(options: { shop: string; count: number; channel?: "EMAIL" | "SMS"; client?: PrismaClient }) {
  const client = options.client ?? db;
  const redemptionId = `rdm_${randomUUID()}`;
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  await client.redemption.create({ data: { id: redemptionId, shop: options.shop, codeHash: randomUUID(), expiresAt } });
  const ids = Array.from({ length: options.count }, (_, index) => `ntf_${String(index).padStart(4, "0")}_${randomUUID().slice(0, 8)}`);
  const payload: ClaimNotificationPayload = {
    code: "7KQ2-M9XD-R4TB",
    claimUrl: `https://${options.shop}/apps/twincards/redeem?code=7KQ2-M9XD-R4TB`,
    claimTarget: "THEME",
    expiresAt: expiresAt.toISOString(),
    cards: [{ name: "Gold", imageUrl: "https://cdn.example.com/gold.png", metadata: [] }],
  };
  await client.notification.createMany({
    data: ids.map((id, index) => ({
      id,
      shop: options.shop,
      redemptionId,
      channel: options.channel ?? "EMAIL",
      destination: options.channel === "SMS" ? "+14155554567" : `buyer${index}@example.com`,
      payload: payload as object,
    })),
  });
  return ids;
}

/**
 * Sends notification `id` through the local transport into the messages folder and
 * marks it SENT, as the demo's dispatcher does; returns the file it wrote.
 */
export async function sendLocalCopy(id: string): Promise<string> {
  const row = await db.notification.findUniqueOrThrow({ where: { id } });
  const transport =
    row.channel === "EMAIL"
      ? localEmailTransport({ dir: messagesDir(), mailFrom: "cards@example.com" })
      : localSmsTransport({ dir: messagesDir(), from: "TwinCards" });
  const payload = row.payload as unknown as ClaimNotificationPayload;
  const message = await composeClaimMessage(row.shop, payload);
  const { providerMessageId } = await transport.send({
    id: row.id,
    shop: row.shop,
    channel: row.channel,
    destination: row.destination,
    payload,
    message,
  });
  await db.notification.update({ where: { id: row.id }, data: { status: "SENT", sentAt: new Date(), providerMessageId } });
  return path.join(messagesDir(), providerMessageId.slice("local:".length));
}
