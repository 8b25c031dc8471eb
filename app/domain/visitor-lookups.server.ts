import { RateLimit } from "~/lib/rate-limit";
import { TooManyAttempts } from "./errors";
import { wiredRateBuckets } from "./stores";

// Public lookups per visitor address, shared by the verification page, the GS1 resolver and NFC taps:
// a burst of 60, then one a second. A token has 128 random bits, so this bounds the load a scanner puts
// on the database rather than its odds. Shared by every replica, like the redeem limits
// (docs/decisions/0025-shared-limits.md); the bucket is the only trace a visit leaves of its address.
const LOOKUPS_PER_MINUTE = 60;
const byClientAddress = new RateLimit(
  "verify-address",
  { capacity: LOOKUPS_PER_MINUTE, refillPerSecond: LOOKUPS_PER_MINUTE / 60 },
  wiredRateBuckets,
);

/** Counts one public lookup from `address`; RATE_LIMITED past the limit. */
export async function countVisitorLookup(address: string): Promise<void> {
  const taken = await byClientAddress.take(address);
  if (!taken.ok)
    throw new TooManyAttempts("Too many verification pages opened from this address; try again shortly", taken.retryAfterSeconds);
}
