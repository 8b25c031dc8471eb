// Shopify's Admin API rate limit, as its "API rate limits" page documents it: a
// bucket of cost points per app and shop that refills at `restoreRate` points a
// second. A query asking for more than is left is refused with the error code
// THROTTLED (HTTP 200) and nothing runs, so sending it again once the bucket has
// refilled cannot do anything twice. The answer's `extensions.cost` says how long
// that is: (requestedQueryCost - currentlyAvailable) / restoreRate seconds.

interface ThrottleStatus {
  maximumAvailable?: number;
  currentlyAvailable?: number;
  restoreRate?: number;
}

/** What the caller saw of a GraphQL answer: Shopify's body, or the library's error carrying it. */
interface AnswerBody {
  errors?: unknown;
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
}

/** Shopify still refused the call for the shop's rate limit after every retry; the work stays queued and is tried later. */
export class ShopifyThrottledError extends Error {
  constructor(
    readonly attempts: number,
    readonly retryAfterMs: number,
  ) {
    super(
      `Shopify's API rate limit for this shop: still throttled after ${attempts} tries; retried in ${Math.ceil(retryAfterMs / 1000)} s`,
    );
    this.name = "ShopifyThrottledError";
  }
}

/** How long to wait before a THROTTLED call fits the bucket again, in ms; null when the answer was not THROTTLED. */
export function throttledWaitMs(body: AnswerBody, attempt: number): number | null {
  // Shopify's body has `errors` as a list; the library's client keeps that list as `errors.graphQLErrors`.
  const errors = Array.isArray(body.errors) ? body.errors : (body.errors as { graphQLErrors?: unknown } | undefined)?.graphQLErrors;
  const throttled =
    Array.isArray(errors) && errors.some((error) => (error as { extensions?: { code?: unknown } })?.extensions?.code === "THROTTLED");
  if (!throttled) return null;
  const cost = body.extensions?.cost;
  const status = cost?.throttleStatus;
  if (cost?.requestedQueryCost === undefined || !status?.restoreRate || status.currentlyAvailable === undefined)
    return 1000 * 2 ** (attempt - 1); // no cost reported: back off 1, 2, 4… s
  const missing = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
  // A tenth of a second more than the refill needs, plus up to 20 % so callers refused together do not all come back at once.
  return Math.ceil((missing / status.restoreRate) * 1000 * (1 + Math.random() * 0.2)) + 100;
}

/**
 * The library's client throws an error carrying Shopify's body (GraphqlQueryError's `body`) where
 * a plain fetch returns it. Read by shape, so that this module (which the workers load at start)
 * does not load Shopify's library.
 */
export function bodyOfError(error: unknown): AnswerBody | null {
  const body = (error as { body?: unknown } | null)?.body;
  return body && typeof body === "object" ? (body as AnswerBody) : null;
}

export interface ThrottleRetry {
  /** Tries in all, the first included. */
  attempts: number;
  /** The longest the caller accepts to wait, in all, before giving up with ShopifyThrottledError. */
  budgetMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** Six tries within 40 s: a 1,000-point query waits 10 s on the Standard plan's 100 points a second, 20 s on 50. */
export const DEFAULT_THROTTLE_RETRY: ThrottleRetry = {
  attempts: 6,
  budgetMs: 40_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
