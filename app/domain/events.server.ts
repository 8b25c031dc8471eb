import { notFound } from "./errors";
import { queueFlowTriggers } from "./flow-triggers.server";
import { newId } from "./ids";
import { afterCursor, pageQuery, toPage } from "./pagination";
import { listEventsQuery, parseInput, type Event, type EventObjectType, type EventType } from "./schemas";
import { stores, type EventRecord } from "./stores";
import { googleObjectsChanged } from "./google-wallet.server";
import { passesChanged } from "./wallet-pass-service.server";

/** How long events stay listed (and kept): GET /v1/events shows the last 30 days. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What an event says about its object: which kind, and the object as /v1 returns it. */
export interface EventData {
  objectType: EventObjectType;
  object: unknown;
}

const WILDCARD = "*";

/** Events whose object's wallet passes (Apple's and Google's) change: voided, given to someone else, minted on-chain. */
const PASS_CHANGES = new Set<EventType>(["unit_card.voided", "unit_card.transferred", "nft.minted"]);

/** Whether an endpoint subscribed to `eventTypes` (stored JSON) wants `type`. */
export const wants = (eventTypes: unknown, type: string) =>
  Array.isArray(eventTypes) && (eventTypes.includes(WILDCARD) || eventTypes.includes(type));

/**
 * Writes one event per object in the caller's transaction, and queues one
 * webhook delivery per event for each of the shop's enabled endpoints that
 * wants its type: the change, its events and their deliveries commit together
 * or not at all (docs/decisions/0027-webhooks-and-events.md). An event meant
 * for one endpoint (`onlyTo`, a test event) goes to that one alone, whatever
 * the others subscribe to. A live event Shopify Flow has a trigger for queues
 * that trigger too (decision 0049).
 */
export async function recordEvents(shop: string, type: EventType, items: EventData[], options: RecordOptions = {}): Promise<string[]> {
  if (items.length === 0) return [];
  const { livemode = true, onlyTo } = options;
  const createdAt = new Date();
  const rows = items.map((data) => ({
    id: newId("evt"),
    shop,
    type,
    data,
    createdAt,
    livemode,
  }));
  await stores().events.insert(rows);
  // A change its Apple Wallet pass shows: the pass is updated and its devices told, with the change (decision 0047).
  // Google Wallet objects likewise, through their own outbox (decision 0048).
  if (PASS_CHANGES.has(type)) {
    const ids = items.map((data) => (data.object as { id: string }).id);
    await passesChanged(ids);
    await googleObjectsChanged(ids);
  }
  // Shopify Flow hears of live changes only, with them (decision 0049).
  if (livemode) await queueFlowTriggers(shop, type, rows);
  // A test event goes to test endpoints only, a live one to live endpoints only.
  const receivers = onlyTo
    ? [{ id: onlyTo }]
    : (await stores().webhookEndpoints.enabledFor(shop, livemode)).filter((endpoint) => wants(endpoint.eventTypes, type));
  if (receivers.length > 0) {
    await stores().webhookDeliveries.queue(
      rows.flatMap((row) => receivers.map((endpoint) => ({ id: newId("whd"), shop, eventId: row.id, endpointId: endpoint.id, createdAt }))),
    );
  }
  return rows.map((row) => row.id);
}

export interface RecordOptions {
  /** false for an event of test data (default: live). */
  livemode?: boolean;
  /** The one endpoint a test event goes to, whatever the others subscribe to. */
  onlyTo?: string;
}

/** One event (see recordEvents). */
export const recordEvent = async (shop: string, type: EventType, data: EventData, options: RecordOptions = {}) =>
  (await recordEvents(shop, type, [data], options))[0]!;

export const toEvent = (row: EventRecord): Event => ({
  id: row.id,
  type: row.type as EventType,
  createdAt: row.createdAt.toISOString(),
  shop: row.shop,
  livemode: row.livemode,
  data: row.data as Event["data"],
});

/** The oldest an event still listed may be. */
const retainedSince = (now = new Date()) => new Date(now.getTime() - EVENT_RETENTION_MS);

/** GET /v1/events: the shop's events of the last 30 days in one mode, newest first, optionally of one type. */
export async function listEvents(shop: string, query: unknown, livemode = true): Promise<{ events: Event[]; nextCursor: string | null }> {
  const { type, cursor, limit } = parseInput(listEventsQuery, query);
  const rows = await stores().events.listForShop(shop, {
    livemode,
    type,
    since: retainedSince(),
    beforeId: afterCursor(cursor, "evt").id?.lt,
    take: pageQuery(limit).take,
  });
  const { page, nextCursor } = toPage(rows, limit);
  return { events: page.map(toEvent), nextCursor };
}

/** One of the shop's events (another shop's, another mode's, or one past retention, is not found). */
export async function getEvent(shop: string, id: string, livemode = true): Promise<Event> {
  const row = await stores().events.findForShop(shop, id, livemode, retainedSince());
  if (!row) throw notFound("Event");
  return toEvent(row);
}

/** Deletes events past retention, their deliveries with them; how many went. */
export async function purgeExpiredEvents(now = new Date()): Promise<number> {
  return stores().events.deleteCreatedBefore(retainedSince(now));
}
