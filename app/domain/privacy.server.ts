import { randomUUID } from "node:crypto";
import { stores } from "./stores";
import { ulid } from "ulid";
import { toUnitCard } from "./card-view";
import { fieldError } from "./errors";
import { withoutCode } from "./notifications.server";
import { isCustomerId, shopifyOwner } from "./owners";
import { email as emailSchema, phone as phoneSchema, type DigitalTwin, type UnitCard } from "./schemas";
import { toDigitalTwin } from "./twins.server";

// Privacy requests (docs/decisions/0012-privacy-webhooks.md): what a merchant's
// customer can ask to see or erase, and what is erased when a shop leaves.

/** A customer of a shop, as a privacy request names them. */
export interface CustomerRef {
  /** The platform's numeric customer id: the owner is `shopify|<customerId>`. */
  customerId: string;
  /** Destinations claim notifications may have been sent to. */
  email?: string | null;
  phone?: string | null;
}

export interface CustomerDataReport {
  shop: string;
  customer: { id: string; owner: string; email: string | null; phone: string | null };
  generatedAt: string;
  /** Cards the customer owns in this shop, and cards waiting to be claimed through a code sent to them. */
  unitCards: UnitCard[];
  /** Redemptions they redeemed or that were sent to them. Never the code. */
  redemptions: {
    id: string;
    createdAt: string;
    expiresAt: string;
    redeemedAt: string | null;
    redeemedByCustomer: boolean;
    redeemedPublicKey: string | null;
    phone: string | null;
    email: string | null;
  }[];
  /** Claim messages to their e-mail or phone, without the code or claim link. */
  notifications: {
    id: string;
    redemptionId: string;
    channel: string;
    destination: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }[];
  /** Universal names they own (the registry is global); whether this shop registered each. */
  universalNames: {
    uns_name: string;
    uns_name_id: string;
    public_key: string;
    livemode: boolean;
    createdAt: string;
    registeredByThisShop: boolean;
  }[];
  /** Twins this shop issued to any universal name they own. */
  digitalTwins: DigitalTwin[];
  /** The wallet they linked in this shop (decision 0032), and whether they proved it by signing. */
  linkedWallet: { publicKey: string; verified: boolean; linkedAt: string } | null;
  /**
   * Cards they gave or were given (decision 0043). Their own words for a gift they gave;
   * never the other person's id, e-mail or phone, nor the gift's code.
   */
  gifts: {
    id: string;
    cardId: string;
    direction: "given" | "received";
    /** PENDING | CLAIMED | CANCELLED */
    status: string;
    message: string | null;
    createdAt: string;
    settledAt: string | null;
  }[];
  /** Apple Wallet pass files made for them (decision 0047): which item, in which language, when. Never the pass's token. */
  walletPasses: { serialNumber: string; locale: string | null; createdAt: string }[];
}

export interface DataRequestRecord {
  id: string;
  requestedAt: string;
  report: CustomerDataReport;
}

export const REDACTED = "redacted";

/**
 * A customer asked the merchant for their data: gathers what this shop holds
 * about them and records the request with that report, for the merchant to
 * answer. `externalId` (the platform's request id) makes a redelivered request
 * update its one record instead of adding another.
 */
export async function customerDataReport(
  shop: string,
  customer: CustomerRef,
  options: { externalId?: string } = {},
): Promise<DataRequestRecord> {
  const who = identify(customer);
  return stores().transaction(async () => {
    const report = await gatherReport(shop, who);
    const row = await stores().privacy.saveDataRequest({
      id: newDataRequestId(),
      shop,
      customerId: who.customerId,
      externalId: options.externalId,
      report,
    });
    return { id: row.id, requestedAt: row.requestedAt.toISOString(), report };
  });
}

/** The recorded data requests of a shop, newest first (for the merchant to answer). */
export async function listDataRequests(shop: string): Promise<DataRequestRecord[]> {
  const rows = await stores().privacy.dataRequests(shop);
  return rows.map((row) => ({
    id: row.id,
    requestedAt: row.requestedAt.toISOString(),
    report: row.report as unknown as CustomerDataReport,
  }));
}

export interface RedactionSummary {
  unitCards: number;
  redemptions: number;
  notifications: number;
  universalNames: number;
  orderIssues: number;
  dataRequests: number;
  idempotencyRecords: number;
  linkedWallets: number;
  /** Gifts they gave or received, now naming the same anonymous owner as their cards. */
  gifts: number;
}

/**
 * Erases a customer's personal data in one shop, in one transaction. Cards stay
 * (the merchant issued them) but their owner becomes an anonymous
 * `redacted|<random>`; redemptions forget who redeemed them and where they were
 * sent; notifications forget the destination and the code; names this shop
 * registered for them lose their owner. Running it again changes nothing more.
 */
export async function redactCustomer(shop: string, customer: CustomerRef): Promise<RedactionSummary> {
  const who = identify(customer);
  const anonymous = `${REDACTED}|${randomUUID()}`;
  return stores().transaction(async () => {
    const unitCards = { count: await stores().cards.anonymizeOwner(shop, who.owner, anonymous) };
    // Their gifts, given or received, keep the item's history without naming them (decision 0043).
    const gifts = { count: await stores().gifts.anonymizeOwner(shop, who.owner, anonymous) };
    // Their Apple Wallet passes' tokens name the same anonymous holder, so their phones keep the pass as theirs (decision 0047).
    await stores().walletPasses.anonymizeHolder(shop, who.owner, anonymous);
    // Their Google Wallet objects too (decision 0048).
    await stores().googleWallet.anonymizeHolder(shop, who.owner, anonymous);

    const redeemed = await stores().cards.forgetRedeemer(shop, who.owner);

    const sentToThem = await stores().notifications.sentTo(shop, who.destinations);
    for (const notification of sentToThem) {
      // Its sealed code goes too: nothing may be sent again, nor reminded, to someone forgotten (decision 0071).
      const { sealed: _sealed, ...rest } = withoutCode(notification.payload);
      const undelivered = notification.status !== "SENT";
      await stores().notifications.redact(notification.id, {
        destination: REDACTED,
        payload: rest,
        // Nothing can be delivered to "redacted": stop the dispatcher from trying.
        ...(undelivered ? { failedWith: "Customer data redacted" } : {}),
      });
      // The masked destination shown on the redemption goes too (it was derived from theirs).
      await stores().cards.forgetMaskedDestination(notification.redemptionId, notification.channel === "EMAIL" ? "email" : "phone");
    }

    const names = { count: await stores().names.forgetOwner(shop, who.owner) };
    // What their orders issued stays in the rules' activity, without whom it went to.
    const theirCodes = sentToThem.map((row) => row.redemptionId);
    const orderIssues = { count: await stores().orders.forgetCustomer(shop, who.customerId, theirCodes) };
    const dataRequests = { count: await stores().privacy.deleteDataRequests(shop, who.customerId) };
    // The wallet they linked and their link requests name them; the cards keep their key, not whose it is.
    const wallets = { count: await stores().wallets.deleteForCustomer(shop, who.owner) };
    // Stored /v1 responses (kept for Idempotency-Key replays) that name them as owner.
    const idempotencyRecords = { count: await stores().idempotency.deleteMentioning(shop, JSON.stringify(who.owner)) };

    return {
      unitCards: unitCards.count,
      redemptions: new Set([...redeemed, ...sentToThem.map((row) => row.redemptionId)]).size,
      notifications: sentToThem.length,
      universalNames: names.count,
      orderIssues: orderIssues.count,
      dataRequests: dataRequests.count,
      idempotencyRecords: idempotencyRecords.count,
      linkedWallets: wallets.count,
      gifts: gifts.count,
    };
  });
}

export interface ShopDeletionSummary {
  unitCards: number;
  redemptions: number;
  notifications: number;
  chainMints: number;
  digitalTwins: number;
  apiKeys: number;
  idempotencyRecords: number;
  dataRequests: number;
  sessions: number;
  events: number;
  webhookEndpoints: number;
  issuingRules: number;
  orderWebhooks: number;
  linkedWallets: number;
  universalNamesDeleted: number;
  universalNamesKept: number;
  /** Rows of the shop's profile, setup choices and message wording. */
  shopSettings: number;
  /** Rows of its plan and monthly counters. */
  plans: number;
}

/**
 * The shop is gone for good: deletes every row it owns, in one transaction.
 * Universal names it registered are deleted too, unless another shop issued
 * twins to them; those stay (their twins need them) without an owner.
 */
export async function deleteShopData(shop: string): Promise<ShopDeletionSummary> {
  return stores().transaction(async () => {
    const notifications = { count: await stores().notifications.deleteForShop(shop) };
    const chainMints = { count: await stores().chainMints.deleteForShop(shop) };
    const unitCards = { count: await stores().cards.deleteCardsForShop(shop) };
    const redemptions = { count: await stores().cards.deleteRedemptionsForShop(shop) };
    const digitalTwins = { count: await stores().names.deleteTwinsForShop(shop) };
    const apiKeys = { count: await stores().apiKeys.deleteForShop(shop) };
    const idempotencyRecords = { count: await stores().idempotency.deleteForShop(shop) };
    const dataRequests = { count: await stores().privacy.deleteDataRequests(shop) };
    const sessions = { count: await stores().privacy.deleteSessions(shop) };
    // Their webhook deliveries go with them (cascade).
    const events = { count: await stores().events.deleteForShop(shop) };
    const webhookEndpoints = { count: await stores().webhookEndpoints.deleteForShop(shop) };
    // Their activity (OrderIssue) goes with the rules (cascade).
    const issuingRules = { count: await stores().rules.deleteForShop(shop) };
    const orderWebhooks = { count: await stores().orders.deleteWebhooksForShop(shop) };
    // Rules applied to past orders: their listed order ids.
    await stores().backfills.deleteForShop(shop);
    const linkedWallets = { count: await stores().wallets.deleteForShop(shop) };
    // Apple Wallet passes, their tokens, devices' registrations and waiting pushes (decision 0047).
    await stores().walletPasses.deleteForShop(shop);
    // Google Wallet objects handed out and their waiting updates (decision 0048).
    await stores().googleWallet.deleteForShop(shop);
    // What Shopify told of the shop (name, logo, contact e-mail, locales, zone), the merchant's choices and wording.
    const shopSettings = { count: await stores().settings.deleteForShop(shop) };
    // Its plan and the free plan's counters (decision 0050).
    const plans = { count: await stores().billing.deleteForShop(shop) };
    // Items' products and GS1 links, NFC tags and the tag master key (decision 0063).
    await stores().itemProducts.deleteForShop(shop);
    await stores().nfcTags.deleteForShop(shop);

    // This shop's twins are gone, so any twin left on one of its names is another shop's.
    const namesDeleted = { count: await stores().names.deleteUnusedRegisteredBy(shop) };
    const namesKept = { count: await stores().names.forgetOwnersRegisteredBy(shop) };

    return {
      unitCards: unitCards.count,
      redemptions: redemptions.count,
      notifications: notifications.count,
      chainMints: chainMints.count,
      digitalTwins: digitalTwins.count,
      apiKeys: apiKeys.count,
      idempotencyRecords: idempotencyRecords.count,
      dataRequests: dataRequests.count,
      sessions: sessions.count,
      events: events.count,
      webhookEndpoints: webhookEndpoints.count,
      issuingRules: issuingRules.count,
      orderWebhooks: orderWebhooks.count,
      linkedWallets: linkedWallets.count,
      universalNamesDeleted: namesDeleted.count,
      universalNamesKept: namesKept.count,
      shopSettings: shopSettings.count,
      plans: plans.count,
    };
  });
}

/** The app was uninstalled: its access tokens for the shop are dead, so its sessions go. The shop's data stays until it is redacted. */
export async function endShopSessions(shop: string): Promise<number> {
  return stores().privacy.deleteSessions(shop);
}

/** Whether `shopId` (a numeric Shopify shop id) may be `shop`'s: false only when the app knows the shop by another id. */
export async function isShopIdOf(shop: string, shopId: string | null): Promise<boolean> {
  if (shopId === null) return true;
  const known = (await stores().settings.profile(shop))?.shopId ?? null;
  return known === null || known === shopId;
}

interface Identified {
  customerId: string;
  owner: string;
  email: string | null;
  phone: string | null;
  /** Their e-mail and phone as notifications store them (lowercased, E.164). */
  destinations: string[];
}

function identify(customer: CustomerRef): Identified {
  const customerId = customer.customerId.trim();
  if (!isCustomerId(customerId)) throw fieldError("customer.id", "Must be a numeric customer id");
  const email = normalized(emailSchema, customer.email, (value) => value.trim().toLowerCase());
  const phone = normalized(phoneSchema, customer.phone, (value) => value.trim());
  return {
    customerId,
    owner: shopifyOwner(customerId),
    email,
    phone,
    destinations: [email, phone].filter((value): value is string => Boolean(value)),
  };
}

/** The stored form of an e-mail/phone; a value the schema refuses can still match exactly as given. */
function normalized(
  schema: typeof emailSchema | typeof phoneSchema,
  value: string | null | undefined,
  fallback: (value: string) => string,
): string | null {
  if (!value?.trim()) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback(value);
}

async function gatherReport(shop: string, who: Identified): Promise<CustomerDataReport> {
  const notifications = await stores().notifications.sentToOldestFirst(shop, who.destinations);
  // Per redemption, the channels it reached them on: a code may also have gone to someone else.
  const channelsToThem = new Map<string, Set<string>>();
  for (const notification of notifications) {
    const channels = channelsToThem.get(notification.redemptionId) ?? new Set<string>();
    channelsToThem.set(notification.redemptionId, channels.add(notification.channel));
  }
  const redemptions = await stores().cards.redemptionsOfCustomer(shop, who.owner, [...channelsToThem.keys()]);
  // Theirs, and those sent to them not yet claimed (once someone else claimed a card it is that person's).
  const cards = await stores().cards.cardsOfCustomer(shop, who.owner, [...channelsToThem.keys()]);
  const names = await stores().names.allNamesOfOwner(who.owner);
  const twins = await stores().names.twinViewsOfOwner(shop, who.owner);
  const wallet = await stores().wallets.linkedWallet(shop, who.owner);
  const gifts = await stores().gifts.ofOwner(shop, who.owner);
  const passFiles = await stores().walletPasses.tokensOfHolder(shop, who.owner);

  return {
    shop,
    customer: { id: who.customerId, owner: who.owner, email: who.email, phone: who.phone },
    generatedAt: new Date().toISOString(),
    unitCards: cards.map((card) => {
      const view = toUnitCard(card);
      if (!view.redemption) return view;
      // As for redemptions below: their own masked destinations only.
      const channels = channelsToThem.get(card.redemptionId ?? "");
      const { phone, email } = view.redemption;
      return {
        ...view,
        redemption: { ...view.redemption, phone: channels?.has("SMS") ? phone : null, email: channels?.has("EMAIL") ? email : null },
      };
    }),
    redemptions: redemptions.map((redemption) => ({
      id: redemption.id,
      createdAt: redemption.createdAt.toISOString(),
      expiresAt: redemption.expiresAt.toISOString(),
      redeemedAt: redemption.redeemedAt?.toISOString() ?? null,
      redeemedByCustomer: redemption.redeemedBy === who.owner,
      // Someone else's key, if another person claimed a code sent to them.
      redeemedPublicKey: redemption.redeemedBy === who.owner ? redemption.redeemedPublicKey : null,
      // Only their own (masked) destinations, not those of others the code also went to.
      phone: channelsToThem.get(redemption.id)?.has("SMS") ? redemption.phoneMasked : null,
      email: channelsToThem.get(redemption.id)?.has("EMAIL") ? redemption.emailMasked : null,
    })),
    notifications: notifications.map((notification) => ({
      id: notification.id,
      redemptionId: notification.redemptionId,
      channel: notification.channel,
      destination: notification.destination,
      status: notification.status,
      createdAt: notification.createdAt.toISOString(),
      sentAt: notification.sentAt?.toISOString() ?? null,
    })),
    universalNames: names.map((name) => ({
      uns_name: name.name,
      uns_name_id: name.id,
      public_key: name.publicKey,
      livemode: name.livemode,
      createdAt: name.createdAt.toISOString(),
      registeredByThisShop: name.registeredByShop === shop,
    })),
    digitalTwins: twins.map(toDigitalTwin),
    linkedWallet: wallet && { publicKey: wallet.publicKey, verified: wallet.verified, linkedAt: wallet.linkedAt.toISOString() },
    gifts: gifts.map((gift) => {
      const given = gift.fromOwner === who.owner;
      return {
        id: gift.id,
        cardId: gift.cardId,
        direction: given ? "given" : "received",
        status: gift.status,
        message: given ? gift.message : null,
        createdAt: gift.createdAt.toISOString(),
        settledAt: gift.settledAt?.toISOString() ?? null,
      };
    }),
    walletPasses: passFiles.map((file) => ({
      serialNumber: file.serialNumber,
      locale: file.locale,
      createdAt: file.createdAt.toISOString(),
    })),
  };
}

/** `dreq_<ULID>`, like the other public ids (0010). */
const newDataRequestId = () => `dreq_${ulid()}`;
