import type { GraphqlClient } from "~/adapters/shopify/admin-customers.server";
import { readShopTimeZone } from "~/adapters/shopify/shop-time-zone.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** If Shopify cannot answer, times are shown in UTC, and Shopify is asked again a minute later. */
const RETRY_MS = 60 * 1000;
const FALLBACK = "UTC";

interface Entry {
  timeZone: string;
  until: number;
}

const cache = new Map<string, Entry>();
const pending = new Map<string, Promise<string>>();

/**
 * The shop's time zone for admin pages: asked of Shopify once a day per shop
 * and server process (a merchant rarely changes it), kept in memory in
 * between. Concurrent pages of one shop share one request.
 */
export async function shopTimeZone(shop: string, graphql: GraphqlClient, now = Date.now()): Promise<string> {
  const cached = cache.get(shop);
  if (cached && cached.until > now) return cached.timeZone;
  const inFlight = pending.get(shop);
  if (inFlight) return inFlight;
  const request = readShopTimeZone(graphql)
    .then((timeZone) => remember(shop, { timeZone: usableZone(timeZone), until: now + DAY_MS }))
    .catch((error: unknown) => {
      console.error(`The time zone of ${shop} could not be read; showing UTC:`, error);
      return remember(shop, { timeZone: cached?.timeZone ?? FALLBACK, until: now + RETRY_MS });
    })
    .finally(() => pending.delete(shop));
  pending.set(shop, request);
  return request;
}

function remember(shop: string, entry: Entry): string {
  cache.set(shop, entry);
  return entry.timeZone;
}

/** A zone Intl knows (Shopify's list and the browser's may differ by version), else UTC. */
function usableZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return FALLBACK;
  }
}

/** Tests: forget what was cached. */
export const forgetShopTimeZones = () => cache.clear();
