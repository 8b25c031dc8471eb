import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { giveCard } from "~/domain/gifts.server";
import { customerDataReport, type CustomerDataReport } from "~/domain/privacy.server";
import { redeemCode } from "~/domain/redeem.server";
import { issueTwin } from "~/domain/twins.server";
import { http, shopClient, uniqueClientAddress, uniqueShop } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { API_SECRET, deliverShopifyWebhook, forgedHmac, type ShopifyDelivery } from "../support/shopify-webhooks";

type Topic = "app/uninstalled" | "customers/data_request" | "customers/redact" | "shop/redact";

/** A privacy or uninstall webhook, signed as Shopify signs it (test/support/shopify-webhooks.ts). */
const deliver = (topic: Topic, delivery: ShopifyDelivery) => deliverShopifyWebhook(topic, delivery);

const shopIdOf = (shop: string) => Number.parseInt(shop.slice(5, 13), 16);

interface Customer {
  id: number;
  owner: string;
  email: string;
  phone: string;
}

function uniqueCustomer(): Customer {
  const id = Math.floor(Math.random() * 2 ** 47) + 1;
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return { id, owner: `shopify|${id}`, email: `customer-${id}@example.com`, phone: `+1415${exchange}${line}` };
}

/** What Shopify puts in `customer`: here with the e-mail in another case than the app stored it. */
const customerPayload = (customer: Customer) => ({ id: customer.id, email: customer.email.toUpperCase(), phone: customer.phone });

const dataRequestPayload = (shop: string, customer: Customer, requestId = Math.floor(Math.random() * 1e9)) => ({
  shop_id: shopIdOf(shop),
  shop_domain: shop,
  orders_requested: [299938, 280263],
  customer: customerPayload(customer),
  data_request: { id: requestId },
});

const redactPayload = (shop: string, customer: Customer) => ({
  shop_id: shopIdOf(shop),
  shop_domain: shop,
  customer: customerPayload(customer),
  orders_to_redact: [299938],
});

const shopRedactPayload = (shop: string) => ({ shop_id: shopIdOf(shop), shop_domain: shop });

const uninstalledPayload = (shop: string) => ({
  id: shopIdOf(shop),
  name: "Test shop",
  email: "owner@example.com",
  domain: shop,
  myshopify_domain: shop,
});

/**
 * What a customer has in a shop: a card created for them by owner, a card sent
 * to their e-mail and phone that they redeemed, one sent to their e-mail still
 * waiting, a universal name this shop registered for them and a twin under it.
 */
async function arrangeCustomer(shop: string, customer: Customer) {
  const ownedKey = walletKey();
  const owned = await createCard(shop, { ...cardInput("Owned"), owner: customer.owner, publicKey: ownedKey });
  const sent = await createCard(shop, { ...cardInput("Sent"), email: customer.email, phone: customer.phone });
  const redeemedKey = walletKey();
  await redeemCode(
    shop,
    { code: sent.redemption!.code, owner: customer.owner, publicKey: redeemedKey },
    { address: uniqueClientAddress() },
  );
  const pending = await createCard(shop, { ...cardInput("Pending"), email: customer.email });
  const nameKey = walletKey();
  const name = await registerName(shop, { name: uniqueName("cust"), publicKey: nameKey, owner: customer.owner });
  const twin = await issueTwin(shop, { public_key: nameKey, name_id: name.uns_name_id, title: "Jacket twin", quantity: 1 });
  // Ordered: sent's first (ids sort by creation); an unordered read may come back either way on PostgreSQL.
  const redemptionIds = (await db.unitCard.findMany({ where: { id: { in: [sent.id, pending.id] } }, orderBy: { id: "asc" } })).map(
    (card) => card.redemptionId!,
  );
  return { owned, ownedKey, sent, redeemedKey, pending, name, twin, redemptionIds, cardIds: [owned.id, sent.id, pending.id] };
}

/** Every row the shop has, and the names it registered: to show that something did not change. */
async function everythingOf(shop: string) {
  const [cards, redemptions, notifications, twins, apiKeys, idempotency, dataRequests, sessions, names] = await Promise.all([
    db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.redemption.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.notification.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.digitalTwin.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.apiKey.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.idempotencyRecord.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.dataRequest.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.session.findMany({ where: { shop }, orderBy: { id: "asc" } }),
    db.universalName.findMany({ where: { registeredByShop: shop }, orderBy: { id: "asc" } }),
  ]);
  return { cards, redemptions, notifications, twins, apiKeys, idempotency, dataRequests, sessions, names };
}

async function countsOf(shop: string) {
  const all = await everythingOf(shop);
  return Object.fromEntries(Object.entries(all).map(([table, rows]) => [table, rows.length]));
}

const createSession = (shop: string, id = `offline_${shop}`) =>
  db.session.create({
    data: { id, shop, state: "state", isOnline: !id.startsWith("offline_"), accessToken: "shpat_test", scope: "read_customers" },
  });

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

/** The shop's profile as Shopify told it (name, logo, contact e-mail), its setup choices, wording, plan and usage. */
async function arrangeShopSettings(shop: string) {
  await db.shopProfile.create({
    data: { shop, name: "Maison Lumière", customLogoUrl: "https://cdn.example.com/logo.png", contactEmail: "bonjour@example.com" },
  });
  await db.shopSetup.create({ data: { shop, claimLinkTarget: "ACCOUNT", accountPageUrl: "https://shopify.com/1/account/pages/x" } });
  await db.messageTemplate.create({
    data: { shop, language: "fr", subject: "Votre carte", emailBody: "{{ code }}", smsBody: "{{ code }}" },
  });
  await db.shopPlan.create({ data: { shop, plan: "PAID", subscriptionId: "gid://shopify/AppSubscription/1" } });
  await db.planUsage.create({ data: { shop, month: "2026-11", items: 3 } });
}

const settingsOf = async (shop: string) => ({
  profile: await db.shopProfile.findUnique({ where: { shop } }),
  setup: await db.shopSetup.findUnique({ where: { shop } }),
  templates: await db.messageTemplate.findMany({ where: { shop } }),
  plan: await db.shopPlan.findUnique({ where: { shop } }),
  usage: await db.planUsage.findMany({ where: { shop } }),
});

describe("webhook authentication", () => {
  it.each(["app/uninstalled", "customers/data_request", "customers/redact", "shop/redact"] as const)(
    "%s: a wrong, missing or empty HMAC is a 401 (Shopify's rule for the compliance topics), and none changes anything",
    async (topic) => {
      const shop = uniqueShop();
      const customer = uniqueCustomer();
      await arrangeCustomer(shop, customer);
      await createSession(shop);
      await customerDataReport(shop, { customerId: String(customer.id), email: customer.email });
      const payload = {
        "app/uninstalled": uninstalledPayload(shop),
        "customers/data_request": dataRequestPayload(shop, customer),
        "customers/redact": redactPayload(shop, customer),
        "shop/redact": shopRedactPayload(shop),
      }[topic];
      const before = await everythingOf(shop);

      expect(await deliver(topic, { shop, payload, hmac: forgedHmac(payload) })).toBe(401);
      expect(await deliver(topic, { shop, payload, hmac: getHmac(JSON.stringify({ other: "body" }), API_SECRET) })).toBe(401);
      expect(await deliver(topic, { shop, payload, hmac: null })).toBe(401);
      expect(await deliver(topic, { shop, payload, hmac: "" })).toBe(401);

      expect(await everythingOf(shop)).toEqual(before);
    },
  );
});

describe("app/uninstalled", () => {
  it("deletes the shop's sessions and keeps its data and other shops' sessions", async () => {
    const shop = uniqueShop();
    const otherShop = uniqueShop();
    const customer = uniqueCustomer();
    await arrangeCustomer(shop, customer);
    await createSession(shop);
    await createSession(shop, `${shop}_12345`);
    await createSession(otherShop);
    const other = await everythingOf(otherShop);
    const counts = await countsOf(shop);

    expect(await deliver("app/uninstalled", { shop, payload: uninstalledPayload(shop) })).toBe(200);

    expect(await countsOf(shop)).toEqual({ ...counts, sessions: 0 });
    expect(await everythingOf(otherShop)).toEqual(other);
    expect(await deliver("app/uninstalled", { shop, payload: uninstalledPayload(shop) })).toBe(200);
  });

  it("refuses a signed payload of another shop sent under this shop's header", async () => {
    const shop = uniqueShop();
    await createSession(shop);

    expect(await deliver("app/uninstalled", { shop, payload: uninstalledPayload(uniqueShop()) })).toBe(400);

    expect(await db.session.count({ where: { shop } })).toBe(1);
  });

  it("takes a payload whose myshopify_domain and domain are null, as Shopify may send them, by the shop's id", async () => {
    const shop = uniqueShop();
    await createSession(shop);
    await db.shopProfile.create({ data: { shop, name: "Test shop", shopId: String(shopIdOf(shop)) } });
    const nulls = { ...uninstalledPayload(shop), domain: null, myshopify_domain: null };

    // Another shop's id (a signed body replayed under this shop's header) is refused; this shop's is taken.
    expect(await deliver("app/uninstalled", { shop, payload: { ...nulls, id: shopIdOf(shop) + 1 } })).toBe(400);
    expect(await db.session.count({ where: { shop } })).toBe(1);
    expect(await deliver("app/uninstalled", { shop, payload: nulls })).toBe(200);
    expect(await db.session.count({ where: { shop } })).toBe(0);
  });
});

describe("customers/data_request", () => {
  it("records a report of everything the shop holds about the customer, and nothing of others", async () => {
    const shop = uniqueShop();
    const otherShop = uniqueShop();
    const customer = uniqueCustomer();
    const mine = await arrangeCustomer(shop, customer);
    // Someone else in the same shop, and the same owner string in another shop.
    await arrangeCustomer(shop, uniqueCustomer());
    const elsewhere = await arrangeCustomer(otherShop, customer);
    // A name another shop registered for them, with a twin this shop issued to it.
    const foreignKey = walletKey();
    const foreignName = await registerName(otherShop, { name: uniqueName("foreign"), publicKey: foreignKey, owner: customer.owner });
    const twinOnForeignName = await issueTwin(shop, {
      public_key: foreignKey,
      name_id: foreignName.uns_name_id,
      title: "Cap twin",
      quantity: 2,
    });
    const otherShopBefore = await everythingOf(otherShop);

    const payload = dataRequestPayload(shop, customer, 9001);
    expect(await deliver("customers/data_request", { shop, payload })).toBe(200);

    const [request, ...more] = await db.dataRequest.findMany({ where: { shop } });
    expect(more).toEqual([]);
    expect(request).toMatchObject({ customerId: String(customer.id), externalId: "9001" });
    const report = request!.report as unknown as CustomerDataReport;
    expect(report.shop).toBe(shop);
    expect(report.customer).toEqual({ id: String(customer.id), owner: customer.owner, email: customer.email, phone: customer.phone });
    expect(ids(report.unitCards)).toEqual([...mine.cardIds].sort());
    expect(report.unitCards.find((card) => card.id === mine.owned.id)).toMatchObject({
      owner: customer.owner,
      publicKey: mine.ownedKey,
      status: "OWNED",
    });
    expect(report.unitCards.find((card) => card.id === mine.pending.id)).toMatchObject({ owner: null, status: "PENDING_REDEMPTION" });
    expect(ids(report.redemptions)).toEqual([...mine.redemptionIds].sort());
    expect(report.redemptions.find((row) => row.redeemedByCustomer)).toMatchObject({
      redeemedPublicKey: mine.redeemedKey,
      phone: "+1******" + customer.phone.slice(-4),
    });
    expect(report.notifications.map(({ channel, destination }) => `${channel} ${destination}`).sort()).toEqual([
      `EMAIL ${customer.email}`,
      `EMAIL ${customer.email}`,
      `SMS ${customer.phone}`,
    ]);
    // Names are one global registry: theirs from any shop, each marked with whether this shop registered it.
    expect(report.universalNames.map(({ uns_name_id, registeredByThisShop }) => ({ uns_name_id, registeredByThisShop }))).toEqual(
      [
        { uns_name_id: mine.name.uns_name_id, registeredByThisShop: true },
        { uns_name_id: elsewhere.name.uns_name_id, registeredByThisShop: false },
        { uns_name_id: foreignName.uns_name_id, registeredByThisShop: false },
      ].sort((x, y) => x.uns_name_id.localeCompare(y.uns_name_id)),
    );
    expect(report.universalNames.find((name) => name.uns_name_id === mine.name.uns_name_id)).toEqual({
      ...mine.name,
      createdAt: expect.any(String),
      registeredByThisShop: true,
    });
    expect(report.digitalTwins.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [mine.twin, twinOnForeignName].sort((x, y) => x.id.localeCompare(y.id)),
    );
    // The codes are bearer secrets: the report never carries one.
    const serialized = JSON.stringify(report);
    expect(serialized).not.toContain(mine.sent.redemption!.code);
    expect(serialized).not.toContain(mine.pending.redemption!.code);
    for (const id of [...elsewhere.cardIds, ...elsewhere.redemptionIds, elsewhere.twin.id]) expect(serialized).not.toContain(id);
    expect(await everythingOf(otherShop)).toEqual(otherShopBefore);

    // Shopify redelivers a webhook it is not sure arrived: still one record.
    expect(await deliver("customers/data_request", { shop, payload })).toBe(200);
    expect(await db.dataRequest.count({ where: { shop } })).toBe(1);
    // A new request of the same customer is a new record.
    expect(await deliver("customers/data_request", { shop, payload: dataRequestPayload(shop, customer, 9002) })).toBe(200);
    expect(await db.dataRequest.count({ where: { shop } })).toBe(2);
  });

  it("lists the gifts they gave and received and the pass files made for them, never the other person", async () => {
    const shop = uniqueShop();
    const customer = uniqueCustomer();
    const friend = uniqueCustomer();
    const mine = await arrangeCustomer(shop, customer);
    // They give their owned card to a friend, with a message; the friend gives them one, which they claim.
    await giveCard(shop, customer.owner, mine.owned.id, { email: friend.email, message: "Happy birthday, Sam" });
    const friendsCard = await createCard(shop, { ...cardInput("Friend's"), owner: friend.owner, publicKey: walletKey() });
    await giveCard(shop, friend.owner, friendsCard.id, { phone: customer.phone, message: "From Alex, with love" });
    const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId: friendsCard.id } });
    const code = ((await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } })).payload as { code: string })
      .code;
    await redeemCode(shop, { code, owner: customer.owner, publicKey: walletKey() }, { address: uniqueClientAddress() });
    // An Apple Wallet pass file made for them, and one made for the friend.
    for (const [holder, serialNumber] of [
      [customer.owner, mine.sent.id],
      [friend.owner, friendsCard.id],
    ] as const) {
      await db.walletPass.upsert({ where: { serialNumber }, create: { serialNumber, shop, changedAt: new Date() }, update: {} });
      await db.walletPassToken.create({ data: { tokenHash: randomUUID(), serialNumber, holder, locale: "fr" } });
    }

    expect(await deliver("customers/data_request", { shop, payload: dataRequestPayload(shop, customer) })).toBe(200);

    const report = (await db.dataRequest.findFirstOrThrow({ where: { shop } })).report as unknown as CustomerDataReport;
    const byCard = (cardId: string) => report.gifts.find((row) => row.cardId === cardId);
    expect(report.gifts).toHaveLength(2);
    expect(byCard(mine.owned.id)).toMatchObject({ direction: "given", status: "PENDING", message: "Happy birthday, Sam", settledAt: null });
    expect(byCard(friendsCard.id)).toMatchObject({
      direction: "received",
      status: "CLAIMED",
      message: null,
      settledAt: expect.any(String),
    });
    expect(report.walletPasses).toEqual([{ serialNumber: mine.sent.id, locale: "fr", createdAt: expect.any(String) }]);
    // Nothing that names the friend or opens their gift.
    const serialized = JSON.stringify(report);
    for (const secret of [friend.owner, friend.email, "From Alex", code]) expect(serialized).not.toContain(secret);
  });

  it("records an empty report for a customer the app knows nothing about", async () => {
    const shop = uniqueShop();
    const customer = uniqueCustomer();

    expect(
      await deliver("customers/data_request", {
        shop,
        payload: { ...dataRequestPayload(shop, customer), customer: { id: customer.id, email: null, phone: null } },
      }),
    ).toBe(200);

    const request = await db.dataRequest.findFirstOrThrow({ where: { shop } });
    expect(request.report).toMatchObject({
      unitCards: [],
      redemptions: [],
      notifications: [],
      universalNames: [],
      digitalTwins: [],
      gifts: [],
      walletPasses: [],
    });
  });
});

describe("customers/redact", () => {
  it("anonymises the customer's rows in this shop and leaves other customers and shops alone", async () => {
    const shop = uniqueShop();
    const otherShop = uniqueShop();
    const customer = uniqueCustomer();
    const otherCustomer = uniqueCustomer();
    const mine = await arrangeCustomer(shop, customer);
    await arrangeCustomer(shop, otherCustomer);
    await arrangeCustomer(otherShop, customer);
    const foreignName = await registerName(otherShop, { name: uniqueName("foreign"), publicKey: walletKey(), owner: customer.owner });
    await customerDataReport(shop, { customerId: String(customer.id), email: customer.email }, { externalId: "1" });
    await customerDataReport(shop, { customerId: String(otherCustomer.id), email: otherCustomer.email }, { externalId: "2" });
    // A /v1 response stored for Idempotency-Key replays that names the customer.
    const { client } = await shopClient(shop);
    const viaApi = await client.cards.create(
      { ...cardInput("Via API"), owner: customer.owner, publicKey: walletKey() },
      { idempotencyKey: "k-1" },
    );
    await client.cards.create({ ...cardInput("Via API"), owner: otherCustomer.owner, publicKey: walletKey() }, { idempotencyKey: "k-2" });

    const before = await everythingOf(shop);
    const otherShopBefore = await everythingOf(otherShop);
    const foreignNameBefore = await db.universalName.findUniqueOrThrow({ where: { id: foreignName.uns_name_id } });
    const untouched = <T extends { id: string }>(rows: T[], changed: string[]) => rows.filter((row) => !changed.includes(row.id));

    expect(await deliver("customers/redact", { shop, payload: redactPayload(shop, customer) })).toBe(200);

    const after = await everythingOf(shop);
    // Cards: same cards, keys and status; the owner is an anonymous stand-in.
    const theirCards = [mine.owned.id, mine.sent.id, viaApi.id];
    const redactedCards = after.cards.filter((card) => theirCards.includes(card.id));
    expect(redactedCards).toHaveLength(3);
    const anonymous = redactedCards[0]!.owner!;
    expect(anonymous).toMatch(/^redacted\|[0-9a-f-]{36}$/);
    for (const card of redactedCards) {
      const was = before.cards.find((row) => row.id === card.id)!;
      expect(card).toEqual({ ...was, owner: anonymous });
    }
    expect(untouched(after.cards, theirCards)).toEqual(untouched(before.cards, theirCards));
    expect(await db.unitCard.count({ where: { owner: customer.owner, shop } })).toBe(0);

    // Redemptions forget who redeemed them and their masked destinations; the key stays with the cards.
    const [sentRedemption, pendingRedemption] = mine.redemptionIds;
    expect(after.redemptions.find((row) => row.id === sentRedemption)).toMatchObject({
      redeemedBy: null,
      redeemedPublicKey: mine.redeemedKey,
      emailMasked: null,
      phoneMasked: null,
      redeemedAt: expect.any(Date),
    });
    expect(after.redemptions.find((row) => row.id === pendingRedemption)).toMatchObject({ emailMasked: null, redeemedAt: null });
    expect(untouched(after.redemptions, mine.redemptionIds)).toEqual(untouched(before.redemptions, mine.redemptionIds));

    // Notifications: no destination, no code, no claim link; nothing left to deliver.
    const theirNotifications = after.notifications.filter((row) => mine.redemptionIds.includes(row.redemptionId));
    expect(theirNotifications).toHaveLength(3);
    for (const notification of theirNotifications) {
      expect(notification).toMatchObject({ destination: "redacted", status: "FAILED", lastError: "Customer data redacted" });
      expect(notification.payload).not.toHaveProperty("code");
      // Nor its sealed copy: no resend nor reminder can reach them (decision 0071).
      expect(notification.payload).not.toHaveProperty("sealed");
      expect(notification.payload).not.toHaveProperty("claimUrl");
      expect(notification.payload).toHaveProperty("cards");
    }
    const serialized = JSON.stringify(after);
    for (const secret of [customer.email, customer.phone, customer.owner, mine.sent.redemption!.code, mine.pending.redemption!.code]) {
      expect(serialized).not.toContain(secret);
    }
    const theirNotificationIds = theirNotifications.map((row) => row.id);
    expect(untouched(after.notifications, theirNotificationIds)).toEqual(untouched(before.notifications, theirNotificationIds));

    // The name this shop registered for them keeps its key but has no owner; another shop's record is not ours to change.
    expect(after.names.find((row) => row.id === mine.name.uns_name_id)).toEqual({
      ...before.names.find((row) => row.id === mine.name.uns_name_id),
      owner: null,
    });
    expect(untouched(after.names, [mine.name.uns_name_id])).toEqual(untouched(before.names, [mine.name.uns_name_id]));
    expect(await db.universalName.findUniqueOrThrow({ where: { id: foreignName.uns_name_id } })).toEqual(foreignNameBefore);
    expect(after.twins).toEqual(before.twins);

    // Their data request and the stored response naming them are gone; the other customer's stay.
    expect(after.dataRequests.map((row) => row.customerId)).toEqual([String(otherCustomer.id)]);
    expect(after.idempotency.map((row) => row.key)).toEqual(["k-2"]);
    expect(after.apiKeys.map(({ id, shop }) => ({ id, shop }))).toEqual(before.apiKeys.map(({ id, shop }) => ({ id, shop })));

    expect(await everythingOf(otherShop)).toEqual(otherShopBefore);

    // Again (Shopify may redeliver): nothing more changes.
    expect(await deliver("customers/redact", { shop, payload: redactPayload(shop, customer) })).toBe(200);
    expect(await everythingOf(shop)).toEqual(after);
  });

  it("refuses a signed data request replayed as a redaction, and a payload of another shop", async () => {
    const shop = uniqueShop();
    const customer = uniqueCustomer();
    await arrangeCustomer(shop, customer);
    const before = await everythingOf(shop);

    const dataRequest = dataRequestPayload(shop, customer);
    expect(await deliver("customers/redact", { shop, payload: dataRequest })).toBe(400);
    expect(await deliver("customers/redact", { shop, payload: redactPayload(shop, customer), topicHeader: "customers/data_request" })).toBe(
      400,
    );
    expect(await deliver("customers/redact", { shop, payload: redactPayload(uniqueShop(), customer) })).toBe(400);
    expect(await deliver("customers/redact", { shop, payload: { ...redactPayload(shop, customer), customer: { id: "abc" } } })).toBe(400);

    expect(await everythingOf(shop)).toEqual(before);
  });
});

describe("shop/redact", () => {
  it("deletes every row of the shop and keeps its names only where another shop issued twins to them", async () => {
    const shop = uniqueShop();
    const otherShop = uniqueShop();
    const customer = uniqueCustomer();
    const mine = await arrangeCustomer(shop, customer);
    const theirs = await arrangeCustomer(otherShop, customer);
    const { key } = await shopClient(shop);
    await createSession(shop);
    await db.idempotencyRecord.create({ data: { id: `idem_${randomUUID()}`, shop, key: "k", requestHash: "h", status: 201, body: "{}" } });
    await customerDataReport(shop, { customerId: String(customer.id) });
    // A name this shop registered that another shop issued a twin to, and one of the other shop's names with a twin of this shop.
    const sharedKey = walletKey();
    const shared = await registerName(shop, { name: uniqueName("shared"), publicKey: sharedKey, owner: customer.owner });
    const otherShopsTwin = await issueTwin(otherShop, { public_key: sharedKey, name_id: shared.uns_name_id, title: "Shared", quantity: 1 });
    await issueTwin(shop, { public_key: theirs.name.public_key, name_id: theirs.name.uns_name_id, title: "Ours on theirs", quantity: 1 });
    const otherShopBefore = await everythingOf(otherShop);
    expect(Object.values(await countsOf(shop)).every((count) => count > 0)).toBe(true);
    // What the shop set up and what Shopify told of it: its name, logo, contact e-mail, plan and wording.
    await arrangeShopSettings(shop);
    await arrangeShopSettings(otherShop);
    const otherSettings = await settingsOf(otherShop);

    expect(await deliver("shop/redact", { shop, payload: shopRedactPayload(shop) })).toBe(200);

    expect(await settingsOf(shop)).toEqual({ profile: null, setup: null, templates: [], plan: null, usage: [] });
    expect(await settingsOf(otherShop)).toEqual(otherSettings);

    expect(await countsOf(shop)).toEqual({
      cards: 0,
      redemptions: 0,
      notifications: 0,
      twins: 0,
      apiKeys: 0,
      idempotency: 0,
      dataRequests: 0,
      sessions: 0,
      names: 1,
    });
    const after = await everythingOf(shop);
    expect(await db.universalName.findUnique({ where: { id: mine.name.uns_name_id } })).toBeNull();
    expect(after.names).toEqual([expect.objectContaining({ id: shared.uns_name_id, owner: null, publicKey: sharedKey })]);
    expect((await db.digitalTwin.findUniqueOrThrow({ where: { id: otherShopsTwin.id } })).nameId).toBe(shared.uns_name_id);
    // The other shop's name is still there (this shop's twin on it is gone), as is everything else of the other shop.
    expect(await everythingOf(otherShop)).toEqual(otherShopBefore);
    expect(await db.universalName.count({ where: { id: theirs.name.uns_name_id } })).toBe(1);
    // The shop's API key no longer opens the API.
    expect((await http("/v1/unit-cards", { key })).status).toBe(401);

    expect(await deliver("shop/redact", { shop, payload: shopRedactPayload(shop) })).toBe(200);
    expect(await everythingOf(shop)).toEqual(after);
  });

  it("refuses a signed customer payload sent as shop/redact, and deletes nothing", async () => {
    const shop = uniqueShop();
    const customer = uniqueCustomer();
    await arrangeCustomer(shop, customer);
    const before = await everythingOf(shop);

    expect(await deliver("shop/redact", { shop, payload: redactPayload(shop, customer) })).toBe(400);
    expect(await deliver("shop/redact", { shop, payload: shopRedactPayload(uniqueShop()) })).toBe(400);

    expect(await everythingOf(shop)).toEqual(before);
  });
});
