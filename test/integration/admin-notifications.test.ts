import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { messagesDir } from "~/adapters/notifications/transports/local.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { getPage, pageData, postForm, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";

const LIST = "/app/notifications";
/** The list's action: an index route's, so `?index` as the browser sends it. */
const LIST_ACTION = `${LIST}?index`;

const card = (name: string) => ({ name, media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] } });

/** A card sent by redemption: the domain queues one PENDING notification per destination. */
async function notified(shop: string, recipient: { email?: string; phone?: string }, name = "Gold membership") {
  await createCard(shop, { ...card(name), ...recipient });
  return db.notification.findMany({ where: { shop }, orderBy: { id: "asc" } });
}

async function notificationTo(shop: string, destination: string, name?: string) {
  await notified(shop, destination.startsWith("+") ? { phone: destination } : { email: destination }, name);
  return db.notification.findFirstOrThrow({ where: { shop, destination } });
}

const markFailed = (id: string, lastError = "SMTP 550: mailbox unavailable") =>
  db.notification.update({ where: { id }, data: { status: "FAILED", attempts: 5, lastError, lockedUntil: new Date(Date.now() + 60_000) } });

const markSent = (id: string, providerMessageId = "provider-123") =>
  db.notification.update({
    where: { id },
    data: { status: "SENT", attempts: 1, sentAt: new Date("2026-03-04T05:06:07Z"), providerMessageId },
  });

// Files this test wrote (local copies and decoys), removed after each test.
const written: string[] = [];
function writeFile(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(file);
}
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

describe("notifications list", () => {
  it("lists the shop's notifications with their recipients in full (the merchant's own customers), channels and statuses, never the code", async () => {
    const shop = uniqueShop();
    const rows = await notified(shop, { email: "jane.doe@example.com", phone: "+14155550123" }, "Silver pass");
    const email = rows.find((row) => row.channel === "EMAIL")!;
    const sms = rows.find((row) => row.channel === "SMS")!;
    await markFailed(email.id, "SMTP 550: mailbox unavailable");
    await markSent(sms.id);
    const { code } = sms.payload as unknown as ClaimNotificationPayload;

    const page = await getPage(LIST, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Notifications");
    expect(page.text).toContain("jane.doe@example.com E-mail Silver pass Critical Failed 5 attempts SMTP 550: mailbox unavailable");
    expect(page.text).toContain("+14155550123 SMS Silver pass Success Sent Sent Mar 4, 2026, 5:06 AM UTC");
    expect(page.text).toContain("Resend");
    expect(page.body).not.toContain(code);
  });

  it("truncates a long last error in the list", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "long@example.com");
    const longError = `Connection refused ${"x".repeat(200)} END-OF-ERROR`;
    await markFailed(row.id, longError);

    const page = await getPage(LIST, shop);

    expect(page.text).toContain("Connection refused xxx");
    expect(page.text).toContain("…");
    expect(page.text).not.toContain("END-OF-ERROR");
  });

  it("filters by status with ?status=, and says so when a status has none", async () => {
    const shop = uniqueShop();
    const failed = await notificationTo(shop, "alpha@example.com");
    const sent = await notificationTo(shop, "bravo@example.com");
    await notificationTo(shop, "charlie@example.com");
    await markFailed(failed.id);
    await markSent(sent.id);

    const [all, failedOnly, sentOnly, pendingOnly] = await Promise.all([
      getPage(LIST, shop),
      getPage(`${LIST}?status=FAILED`, shop),
      getPage(`${LIST}?status=SENT`, shop),
      getPage(`${LIST}?status=PENDING`, shop),
    ]);

    for (const recipient of ["alpha@example.com", "bravo@example.com", "charlie@example.com"]) expect(all.text).toContain(recipient);
    expect(failedOnly.text).toContain("alpha@example.com");
    expect(failedOnly.text).not.toContain("bravo@example.com");
    expect(failedOnly.text).not.toContain("charlie@example.com");
    expect(sentOnly.text).toContain("bravo@example.com");
    expect(sentOnly.text).not.toContain("alpha@example.com");
    expect(pendingOnly.text).toContain("charlie@example.com");
    expect(pendingOnly.text).not.toContain("alpha@example.com");

    await db.notification.update({ where: { id: failed.id }, data: { status: "SENT" } });
    const noneFailed = await getPage(`${LIST}?status=FAILED`, shop);
    expect(noneFailed.status).toBe(200);
    expect(noneFailed.text).toContain("No failed notifications");
    expect(noneFailed.text).toContain("Show all notifications");
  });

  it("shows an empty state for a shop without notifications", async () => {
    const page = await getPage(LIST, uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("No notifications yet");
  });

  it("pages newest first with a cursor, and says so for a cursor it never handed out", async () => {
    const shop = uniqueShop();
    for (let index = 0; index < 26; index += 1) await createCard(shop, { ...card(`Card ${index}`), email: `p${index}@example.com` });
    const ids = (await db.notification.findMany({ where: { shop }, orderBy: { id: "desc" }, select: { id: true } })).map((row) => row.id);

    type ListData = { notifications: { id: string }[]; nextCursor: string | null };
    const first = (await pageData(LIST, shop)).routes["routes/app.notifications._index"] as ListData;
    expect(first.notifications.map((row) => row.id)).toEqual(ids.slice(0, 25));
    // Opaque, as every list's cursor (docs/decisions/0010-ids-and-pagination.md): it stands for the 25th row.
    expect(first.nextCursor).toBe(Buffer.from(ids[24]!).toString("base64url"));

    const second = (await pageData(`${LIST}?cursor=${first.nextCursor}`, shop)).routes["routes/app.notifications._index"] as ListData;
    expect(second.notifications.map((row) => row.id)).toEqual(ids.slice(25));
    expect(second.nextCursor).toBeNull();

    const firstPage = await getPage(LIST, shop);
    expect(firstPage.body).toContain(`cursor=${first.nextCursor}`);

    const stale = await getPage(`${LIST}?cursor=not-a-cursor`, shop);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain("This page link is no longer valid");
  });

  it("is in the nav, and the home page's failed count links to the failed filter", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "home@example.com");
    await markFailed(row.id);

    const home = await getPage("/app", shop);

    expect(home.text).toContain("Notifications failed 1");
    expect(home.body).toContain('href="/app/notifications?status=FAILED"');
    // In the nav after the issuing pages (Twins, Automation).
    expect(home.body).toMatch(
      /<ui-nav-menu>.*href="\/app\/twins">Twins<\/a><a [^>]*href="\/app\/automation">Automation<\/a><a [^>]*href="\/app\/notifications">Notifications<\/a>.*<\/ui-nav-menu>/s,
    );
  });
});

describe("resending", () => {
  it("queues a failed notification again: PENDING, attempts 0, no error, due now", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "retry@example.com");
    await markFailed(row.id);
    const before = Date.now();

    const { status, result } = await submitFetcher(LIST_ACTION, shop, { intent: "resend", id: row.id });

    expect(status).toBe(200);
    expect(result).toMatchObject({
      intent: "resend",
      ok: true,
      data: { id: row.id, status: "PENDING", attempts: 0, recipient: "retry@example.com" },
    });
    const after = await db.notification.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "PENDING", attempts: 0, lastError: null, lockedUntil: null });
    expect(after.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("refuses to resend a sent or pending notification, and changes nothing", async () => {
    const shop = uniqueShop();
    const sent = await notificationTo(shop, "sent@example.com");
    const pending = await notificationTo(shop, "pending@example.com");
    await markSent(sent.id);
    const [sentBefore, pendingBefore] = await Promise.all(
      [sent.id, pending.id].map((id) => db.notification.findUniqueOrThrow({ where: { id } })),
    );

    const resendSent = await submitFetcher(LIST_ACTION, shop, { intent: "resend", id: sent.id });
    const resendPending = await submitFetcher(LIST_ACTION, shop, { intent: "resend", id: pending.id });

    for (const { result } of [resendSent, resendPending]) {
      expect(result).toEqual({ intent: "resend", ok: false, message: "Only failed notifications can be resent", fieldErrors: {} });
    }
    expect(await db.notification.findUniqueOrThrow({ where: { id: sent.id } })).toEqual(sentBefore);
    expect(await db.notification.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(pendingBefore);
    const page = await getPage(LIST, shop);
    expect(page.text).toContain("sent@example.com E-mail Gold membership Success Sent");
  });

  it("answers not found for an unknown id", async () => {
    const { result } = await submitFetcher(LIST_ACTION, uniqueShop(), { intent: "resend", id: "ntf_01JZZZZZZZZZZZZZZZZZZZZZZZ" });
    const { result: noId } = await submitFetcher(LIST_ACTION, uniqueShop(), { intent: "resend" });

    expect(result).toMatchObject({ intent: "resend", ok: false, message: "Notification not found" });
    expect(noId).toMatchObject({ intent: "resend", ok: false, message: "Notification not found" });
  });

  it("answers 400 to an unknown intent", async () => {
    const page = await postForm(LIST_ACTION, uniqueShop(), { intent: "delete-everything" });

    expect(page.status).toBe(400);
    expect(page.text).toContain("Unknown intent “delete-everything”");
  });
});

describe("shops", () => {
  it("never shows one shop's notifications to another, nor lets it resend or open them", async () => {
    const shopA = uniqueShop();
    const shopB = uniqueShop();
    const rowA = await notificationTo(shopA, "only-a@example.com");
    await markFailed(rowA.id, "A-only error");
    await db.notification.update({ where: { id: rowA.id }, data: { providerMessageId: `local:${rowA.id}.eml` } });
    writeFile(path.join(messagesDir(), `${rowA.id}.eml`), "Subject: A-only message\n");
    await notificationTo(shopB, "bee@example.com");

    const [listA, listB, failedB, detailB] = await Promise.all([
      getPage(LIST, shopA),
      getPage(LIST, shopB),
      getPage(`${LIST}?status=FAILED`, shopB),
      getPage(`${LIST}/${rowA.id}`, shopB),
    ]);
    const resendByB = await submitFetcher(LIST_ACTION, shopB, { intent: "resend", id: rowA.id });

    expect(listA.text).toContain("only-a@example.com");
    expect(listA.text).toContain("A-only error");
    expect(listB.status).toBe(200);
    expect(listB.text).toContain("bee@example.com");
    for (const page of [listB, failedB, detailB]) {
      expect(page.text).not.toContain("only-a@example.com");
      expect(page.text).not.toContain("A-only");
    }
    expect(detailB.status).toBe(404);
    expect(detailB.text).toContain("Notification not found");
    expect(resendByB.result).toMatchObject({ intent: "resend", ok: false, message: "Notification not found" });
    expect(await db.notification.findUniqueOrThrow({ where: { id: rowA.id } })).toMatchObject({
      status: "FAILED",
      attempts: 5,
      lastError: "A-only error",
    });
  });
});

describe("notification details", () => {
  it("shows the local copy the dispatcher wrote, with the code, the claim link and the recipient", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "demo.person@example.com", "Claimable card");
    const fileName = `${row.id}.eml`;
    await markSent(row.id, `local:${fileName}`);
    const { code, claimUrl } = row.payload as unknown as ClaimNotificationPayload;
    writeFile(
      path.join(messagesDir(), fileName),
      `To: demo.person@example.com\nSubject: Your cards are waiting\n\nYour code: ${code}\nClaim them at ${claimUrl}\n`,
    );

    const [list, detail] = await Promise.all([getPage(LIST, shop), getPage(`${LIST}/${row.id}`, shop)]);

    expect(list.text).toContain("View message");
    expect(list.body).toContain(`href="/app/notifications/${row.id}"`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain("Notification to demo.person@example.com");
    expect(detail.text).toContain("Claimable card");
    expect(detail.text).toContain("Message (local copy)");
    expect(detail.text).toContain(`Your code: ${code}`);
    expect(detail.text).toContain(`Claim them at ${claimUrl}`);
    expect(detail.text).toContain("To: demo.person@example.com");
  });

  it("shows an SMS local copy too, and says so when the file is gone", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "+14155550199");
    await markSent(row.id, `local:${row.id}.sms.txt`);
    const { code } = row.payload as unknown as ClaimNotificationPayload;
    const file = path.join(messagesDir(), `${row.id}.sms.txt`);
    writeFile(file, `Your Twin Cards code: ${code}`);

    const withFile = await getPage(`${LIST}/${row.id}`, shop);
    rmSync(file);
    const withoutFile = await getPage(`${LIST}/${row.id}`, shop);

    expect(withFile.text).toContain(`Your Twin Cards code: ${code}`);
    expect(withFile.text).toContain("Notification to +14155550199");
    expect(withoutFile.status).toBe(200);
    expect(withoutFile.text).toContain("The message file is no longer there");
    expect(withoutFile.body).not.toContain(code);
  });

  it("shows no message for a notification a provider delivered", async () => {
    const shop = uniqueShop();
    const row = await notificationTo(shop, "provider@example.com");
    await markSent(row.id, "0100018f-ses-message-id");
    const { code } = row.payload as unknown as ClaimNotificationPayload;

    const [list, detail] = await Promise.all([getPage(LIST, shop), getPage(`${LIST}/${row.id}`, shop)]);

    expect(list.text).not.toContain("View message");
    expect(detail.status).toBe(200);
    expect(detail.text).toContain("Notification to provider@example.com");
    expect(detail.text).not.toContain("Message (local copy)");
    expect(detail.body).not.toContain(code);
  });

  it("never reads a file outside the messages directory, whatever the provider id says", async () => {
    const shop = uniqueShop();
    const passwd = await notificationTo(shop, "passwd@example.com");
    const sibling = await notificationTo(shop, "sibling@example.com");
    await markSent(passwd.id, "local:../../etc/passwd");
    // A decoy next to the messages directory with a name the pattern would accept once the `../` is gone.
    writeFile(path.join(path.dirname(messagesDir()), "decoy.eml"), "DECOY-CONTENT");
    await markSent(sibling.id, "local:../decoy.eml");

    const [list, passwdPage, siblingPage] = await Promise.all([
      getPage(LIST, shop),
      getPage(`${LIST}/${passwd.id}`, shop),
      getPage(`${LIST}/${sibling.id}`, shop),
    ]);

    expect(list.text).not.toContain("View message");
    for (const page of [passwdPage, siblingPage]) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("Message (local copy)");
      expect(page.text).not.toContain("root:");
      expect(page.text).not.toContain("DECOY-CONTENT");
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const shop = uniqueShop();
    for (const id of ["ntf_01JZZZZZZZZZZZZZZZZZZZZZZZ", "nope", encodeURIComponent("../../etc/passwd")]) {
      const page = await getPage(`${LIST}/${id}`, shop);
      expect(page.status, id).toBe(404);
      expect(page.text, id).toContain("Notification not found");
    }
  });
});
