/** An event as stored (docs/decisions/0027-webhooks-and-events.md): kept 30 days, listed by GET /v1/events. */
export interface EventRecord {
  id: string;
  shop: string;
  /** e.g. unit_card.redeemed */
  type: string;
  /** { objectType, object }: the object as /v1 returned it then. */
  data: unknown;
  createdAt: Date;
  /** false for an event of test data (decision 0036). */
  livemode: boolean;
}

/** Which of a shop's events a page lists: one mode, those created since `since`, optionally of one type, newest first. */
export interface EventPage {
  livemode: boolean;
  type?: string;
  since: Date;
  /** Only events with an id below this one (the page after a cursor). */
  beforeId?: string;
  take: number;
}

export interface EventStore {
  /** Writes events as multi-row INSERTs (app/db/insert-rows.server.ts), in the caller's transaction. */
  insert(events: EventRecord[]): Promise<void>;
  listForShop(shop: string, page: EventPage): Promise<EventRecord[]>;
  /** The shop's event of one mode, if created since `since`. */
  findForShop(shop: string, id: string, livemode: boolean, since: Date): Promise<EventRecord | null>;
  /** Deletes the events created before `before`, their deliveries with them; how many there were. */
  deleteCreatedBefore(before: Date): Promise<number>;
  /** Every event of the shop, their deliveries with them (shop/redact); how many there were. */
  deleteForShop(shop: string): Promise<number>;
}
