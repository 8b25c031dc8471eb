// The Admin API's rate limit per app and shop: a leaky bucket of cost points that
// refills at `restoreRate` points a second up to `maximumAvailable`. A query whose
// requested cost is more than what is left is THROTTLED (nothing runs); one that
// runs takes its requested cost and gets back what it did not use. Every call is
// logged, refused or not, for tests to read (GET /_stub/graphql-log).

/** Shopify's Standard plan: 100 points a second ("API rate limits", shopify.dev); the bucket holds 20 seconds of it. */
export const STANDARD_PLAN = { maximumAvailable: 2000, restoreRate: 100 };
/** The most one query may ask for, whatever is left in the bucket. */
export const SINGLE_QUERY_MAX_COST = 1000;

export interface RateLimit {
  maximumAvailable: number;
  restoreRate: number;
}

export interface ThrottleStatus extends RateLimit {
  currentlyAvailable: number;
}

export interface GraphqlCall {
  at: string;
  api: "admin" | "storefront";
  shop: string | undefined;
  operation: string | null;
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
  /** Why Shopify refused it (`THROTTLED`, `MAX_COST_EXCEEDED`, an invalid document's first code); null: it ran. */
  refused: string | null;
}

export function createThrottle(initial: RateLimit = STANDARD_PLAN, now: () => number = Date.now) {
  let limit = { ...initial };
  /** Shops on another plan than the rest (Shopify's limits depend on the shop's plan). */
  const shopLimits = new Map<string, RateLimit>();
  /** Where a bucket starts (full unless a test says otherwise), per shop or for all. */
  let startLevel: number | null = null;
  const shopStartLevels = new Map<string, number>();
  const buckets = new Map<string, { available: number; at: number }>();
  const limitOf = (shop: string) => shopLimits.get(shop) ?? limit;

  function level(shop: string): { available: number; at: number } {
    const at = now();
    const { maximumAvailable, restoreRate } = limitOf(shop);
    const bucket = buckets.get(shop) ?? { available: shopStartLevels.get(shop) ?? startLevel ?? maximumAvailable, at };
    bucket.available = Math.min(maximumAvailable, bucket.available + ((at - bucket.at) / 1000) * restoreRate);
    bucket.at = at;
    buckets.set(shop, bucket);
    return bucket;
  }

  return {
    /** Takes `cost` from the shop's bucket; false (nothing taken) when less is left. */
    take(shop: string, cost: number): boolean {
      const bucket = level(shop);
      if (bucket.available < cost) return false;
      bucket.available -= cost;
      return true;
    },
    /** Gives back what a query asked for and did not use. */
    refund(shop: string, points: number) {
      const bucket = level(shop);
      bucket.available = Math.min(limitOf(shop).maximumAvailable, bucket.available + points);
    },
    status: (shop: string): ThrottleStatus => ({
      ...limitOf(shop),
      currentlyAvailable: Math.floor(level(shop).available),
    }),
    /**
     * Another bucket size or restore rate from now on (tests), for one shop or for every shop
     * without its own: the buckets concerned start again, full or at `currentlyAvailable`.
     */
    set(next: Partial<RateLimit> & { currentlyAvailable?: number }, shop?: string) {
      const base = shop ? limitOf(shop) : limit;
      const updated = {
        maximumAvailable: next.maximumAvailable ?? base.maximumAvailable,
        restoreRate: next.restoreRate ?? base.restoreRate,
      };
      if (shop) {
        shopLimits.set(shop, updated);
        if (next.currentlyAvailable === undefined) shopStartLevels.delete(shop);
        else shopStartLevels.set(shop, next.currentlyAvailable);
        buckets.delete(shop);
        return;
      }
      limit = updated;
      startLevel = next.currentlyAvailable ?? null;
      for (const key of buckets.keys()) if (!shopLimits.has(key)) buckets.delete(key);
    },
    limit: (shop?: string): RateLimit => ({ ...(shop ? limitOf(shop) : limit) }),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
