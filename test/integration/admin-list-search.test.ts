import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { voidCard } from "~/domain/card-void.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { redactCustomer } from "~/domain/privacy.server";
import { searchNotifications } from "~/domain/notification-admin.server";
import { searchTwins } from "~/domain/twin-list.server";
import { issueTwin } from "~/domain/twins.server";
import { getPage, pageData, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueName, uniqueOwner, walletKey } from "../support/fixtures";

// Issue 40, item 7: the Twins and Notifications lists' search, filters, sort and bulk actions
// (decision 0078), through the admin routes, as admin-card-search.test.ts does for the Cards list.

const TWINS = "routes/app.twins._index";
const NOTIFICATIONS = "routes/app.notifications._index";

/** A twin titled `title` issued to a fresh universal name held by `owner`. */
async function twin(shop: string, title: string, owner = uniqueOwner()) {
  const name = await registerName(shop, { name: uniqueName("srch"), publicKey: walletKey(), owner });
  const issued = await issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
  return { ...issued, uns_name: name.uns_name };
}

/** The titles the Twins list shows at `path`, in its order. */
async function twinsListed(path: string, shop: string): Promise<string[]> {
  const { status, routes } = await pageData(path, shop);
  expect(status).toBe(200);
  return (routes[TWINS] as { twins: { title: string }[] }).twins.map((row) => row.title);
}

/** A card sent to `destination` (an e-mail or a phone) and its claim notification. */
async function sentTo(shop: string, destination: string, name = "Gift card") {
  const card = await createCard(shop, {
    name,
    media: { imageUrls: [] },
    ...(destination.startsWith("+") ? { phone: destination } : { email: destination }),
  });
  const notification = await db.notification.findFirstOrThrow({ where: { shop, destination } });
  return { card, notification };
}

/** The recipients the Notifications list shows at `path`, in its order. */
async function notificationsListed(path: string, shop: string): Promise<string[]> {
  const { status, routes } = await pageData(path, shop);
  expect(status).toBe(200);
  return (routes[NOTIFICATIONS] as { notifications: { recipient: string }[] }).notifications.map((row) => row.recipient);
}

describe("admin Twins list: search, filter, sort, export of the selection", () => {
  it("finds twins by the start of the title in any case, by serial number, by customer and by universal name; not another shop's", async () => {
    const shop = uniqueShop();
    await twin(shop, "Émeraude ring");
    await twin(shop, "emerald brooch");
    const serialled = await twin(shop, "Silver watch");
    await db.digitalTwin.update({ where: { id: serialled.id }, data: { serialNumber: 7, editionSize: 50 } });
    const named = await twin(shop, "Oak table", "shopify|7123456789");
    await twin(uniqueShop(), "Émeraude ring of another shop", "shopify|7123456789");

    expect(await twinsListed(`/app/twins?q=${encodeURIComponent("émer")}`, shop)).toEqual(["Émeraude ring"]);
    expect(await twinsListed("/app/twins?q=EME", shop)).toEqual(["emerald brooch"]);
    expect(await twinsListed(`/app/twins?q=${encodeURIComponent("#7")}`, shop)).toEqual(["Silver watch"]);
    for (const customer of ["7123456789", "gid://shopify/Customer/7123456789", "shopify|7123456789"]) {
      expect(await twinsListed(`/app/twins?q=${encodeURIComponent(customer)}`, shop)).toEqual(["Oak table"]);
    }
    expect(await twinsListed(`/app/twins?q=${named.uns_name.toUpperCase()}`, shop)).toEqual(["Oak table"]);
    const page = await getPage("/app/twins?q=zzz", shop);
    expect(page.text).toContain("Nothing matches “zzz”");
  });

  it("filters by the NFT's state, sorts oldest first, and a cursor keeps the search", async () => {
    const shop = uniqueShop();
    for (const title of ["Amber one", "Amber two", "Amber three", "Birch"]) await twin(shop, title);

    // No twin was minted: all are "not on chain", none "minted".
    expect(await twinsListed("/app/twins?chain=NONE&q=amber", shop)).toEqual(["Amber three", "Amber two", "Amber one"]);
    expect(await twinsListed("/app/twins?chain=MINTED", shop)).toEqual([]);
    expect(await twinsListed("/app/twins?q=amber&sort=oldest", shop)).toEqual(["Amber one", "Amber two", "Amber three"]);
    expect(await twinsListed("/app/twins?q=amber&sort=sideways&chain=purple", shop)).toEqual(["Amber three", "Amber two", "Amber one"]);

    const first = await searchTwins(shop, { q: "amber", limit: 2 }, true);
    expect(first.twins.map((row) => row.title)).toEqual(["Amber three", "Amber two"]);
    expect(await twinsListed(`/app/twins?q=amber&cursor=${first.nextCursor}`, shop)).toEqual(["Amber one"]);
  });

  it("answers 400 naming q for a search over 100 characters", async () => {
    const page = await getPage(`/app/twins?q=${"a".repeat(101)}`, uniqueShop());
    expect(page.status).toBe(400);
    expect(page.text).toContain("q: Must be at most 100 characters");
  });

  it("exports the selection as CSV: the selected twins of this shop only; ids that are not twins are 400", async () => {
    const shop = uniqueShop();
    const one = await twin(shop, "Exported twin");
    await twin(shop, "Not exported");
    const theirs = await twin(uniqueShop(), "Another shop's twin");

    const csv = await getPage(`/app/export/twins?ids=${one.id},${theirs.id}`, shop);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain("Exported twin");
    expect(csv.body).not.toContain("Not exported");
    expect(csv.body).not.toContain("Another shop's twin");
    const wrong = await getPage("/app/export/twins?ids=card_01JABCDEFGHJKMNPQRSTVWXYZ0", shop);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("ids: Not a twin of this list");
  });
});

describe("admin Notifications list: search by destination, filters, sort, bulk resend", () => {
  it("finds notifications by the destination, whole or its start, in any case, e-mail or phone; not another shop's", async () => {
    const shop = uniqueShop();
    await sentTo(shop, "jane.doe@example.com");
    await sentTo(shop, "john@example.org");
    await sentTo(shop, "+14155550123");
    await sentTo(uniqueShop(), "jane.doe@example.com");

    expect(await notificationsListed("/app/notifications?q=JANE", shop)).toEqual(["jane.doe@example.com"]);
    expect(await notificationsListed(`/app/notifications?q=${encodeURIComponent("jane.doe@example.com")}`, shop)).toEqual([
      "jane.doe@example.com",
    ]);
    expect(await notificationsListed(`/app/notifications?q=${encodeURIComponent("+1 (415) 555")}`, shop)).toEqual(["+14155550123"]);
    expect(await notificationsListed("/app/notifications?q=j&sort=oldest", shop)).toEqual(["jane.doe@example.com", "john@example.org"]);
    const page = await getPage("/app/notifications?q=nobody", shop);
    expect(page.text).toContain("Nothing matches “nobody”");
  });

  it("filters by status and channel, and a cursor keeps the search and the filters", async () => {
    const shop = uniqueShop();
    const failed = await sentTo(shop, "ann@example.com");
    await db.notification.update({ where: { id: failed.notification.id }, data: { status: "FAILED", lastError: "Mailbox full" } });
    await sentTo(shop, "amy@example.com");
    await sentTo(shop, "+14155550199");
    await sentTo(shop, "al@example.com");

    expect(await notificationsListed("/app/notifications?status=FAILED", shop)).toEqual(["ann@example.com"]);
    expect(await notificationsListed("/app/notifications?channel=SMS", shop)).toEqual(["+14155550199"]);
    expect(await notificationsListed("/app/notifications?channel=EMAIL&status=PENDING&q=a", shop)).toEqual([
      "al@example.com",
      "amy@example.com",
    ]);

    const first = await searchNotifications(shop, { q: "a", channel: "EMAIL", limit: 2 }, true);
    expect(first.notifications.map((row) => row.recipient)).toEqual(["al@example.com", "amy@example.com"]);
    expect(await notificationsListed(`/app/notifications?q=a&channel=EMAIL&cursor=${first.nextCursor}`, shop)).toEqual(["ann@example.com"]);
  });

  it("no longer finds a customer's address once Shopify asked to redact the customer", async () => {
    const shop = uniqueShop();
    await sentTo(shop, "gone@example.com");
    expect(await notificationsListed("/app/notifications?q=gone", shop)).toEqual(["gone@example.com"]);
    await redactCustomer(shop, { customerId: "7123456789", email: "gone@example.com" });
    expect(await notificationsListed("/app/notifications?q=gone", shop)).toEqual([]);
  });

  it("answers 400 naming q for a search over 100 characters", async () => {
    const page = await getPage(`/app/notifications?q=${"a".repeat(101)}`, uniqueShop());
    expect(page.status).toBe(400);
    expect(page.text).toContain("q: Must be at most 100 characters");
  });

  it("resends the selected failed ones only: a sent one, a voided card's and another shop's are skipped, counted and left as they were", async () => {
    const shop = uniqueShop();
    const failed = await sentTo(shop, "failed@example.com");
    const voided = await sentTo(shop, "voided@example.com");
    const sent = await sentTo(shop, "sent@example.com");
    const notSelected = await sentTo(shop, "not-selected@example.com");
    const theirs = await sentTo(uniqueShop(), "theirs@example.com");
    for (const { notification } of [failed, voided, notSelected, theirs]) {
      await db.notification.update({ where: { id: notification.id }, data: { status: "FAILED", lastError: "Mailbox full" } });
    }
    const sentAt = new Date();
    await db.notification.update({ where: { id: sent.notification.id }, data: { status: "SENT", sentAt } });
    await voidCard(shop, voided.card.id);

    const { status, result } = await submitFetcher("/app/notifications?index", shop, {
      intent: "resend-failed",
      ids: [failed, voided, sent, theirs].map(({ notification }) => notification.id).join(","),
    });

    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, data: { resent: 1, skippedVoided: 1, skippedNotFailed: 1, skippedNotFound: 1 } });
    const row = (id: string) => db.notification.findUniqueOrThrow({ where: { id } });
    expect(await row(failed.notification.id)).toMatchObject({ status: "PENDING", attempts: 0, lastError: null });
    expect(await row(voided.notification.id)).toMatchObject({ status: "FAILED", lastError: "Mailbox full" });
    expect(await row(sent.notification.id)).toMatchObject({ status: "SENT", sentAt });
    expect(await row(notSelected.notification.id)).toMatchObject({ status: "FAILED" });
    expect(await row(theirs.notification.id)).toMatchObject({ status: "FAILED", lastError: "Mailbox full" });
  });

  it("refuses a bulk resend of nothing, of over 100 or of ids that are not notifications, naming ids, and resends nothing", async () => {
    const shop = uniqueShop();
    const failed = await sentTo(shop, "failed@example.com");
    await db.notification.update({ where: { id: failed.notification.id }, data: { status: "FAILED" } });
    const tooMany = Array.from({ length: 101 }, (_, i) => `ntf_${String(i).padStart(26, "0")}`).join(",");
    for (const ids of ["", tooMany, `${failed.notification.id},${failed.card.id}`]) {
      const { status, result } = await submitFetcher("/app/notifications?index", shop, { intent: "resend-failed", ids });
      expect(status).toBe(400);
      expect(result).toMatchObject({ ok: false, fieldErrors: { ids: expect.any(String) } });
    }
    expect((await db.notification.findUniqueOrThrow({ where: { id: failed.notification.id } })).status).toBe("FAILED");
  });
});
