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
  /** Where a shop's bucket starts (full unless a test says otherwise). */
  let startLevel: number | null = null;
  const buckets = new Map<string, { available: number; at: number }>();

  function level(shop: string): { available: number; at: number } {
    const at = now();
    const bucket = buckets.get(shop) ?? { available: startLevel ?? limit.maximumAvailable, at };
    bucket.available = Math.min(limit.maximumAvailable, bucket.available + ((at - bucket.at) / 1000) * limit.restoreRate);
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
      bucket.available = Math.min(limit.maximumAvailable, bucket.available + points);
    },
    status: (shop: string): ThrottleStatus => ({
      maximumAvailable: limit.maximumAvailable,
      currentlyAvailable: Math.floor(level(shop).available),
      restoreRate: limit.restoreRate,
    }),
    /** Another bucket size or restore rate from now on (tests): every shop's bucket starts again, full or at `currentlyAvailable`. */
    set(next: Partial<RateLimit> & { currentlyAvailable?: number }) {
      limit = { maximumAvailable: next.maximumAvailable ?? limit.maximumAvailable, restoreRate: next.restoreRate ?? limit.restoreRate };
      startLevel = next.currentlyAvailable ?? null;
      buckets.clear();
    },
    limit: (): RateLimit => ({ ...limit }),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
