import { v1Route } from "~/faces/api/v1-route.server";
import { countRedeemAttempt, redeemCounted } from "~/domain/redeem.server";
import { DomainError } from "~/domain/errors";
import { parseInput, redeemInput } from "~/domain/schemas";

// The attempt is counted before the idempotency transaction opens (it must count
// even when the redeem fails and rolls back); a body that is no redeem is no attempt.
export const loader = v1Route(
  { POST: async ({ shop, livemode, body }) => ({ data: await redeemCounted(shop, parseInput(redeemInput, body), livemode) }) },
  {
    admit: {
      POST: async ({ shop, livemode, body, clientAddress }) => {
        const code = redeemCode(body);
        if (code !== null) await countRedeemAttempt(shop, code, { address: clientAddress }, livemode);
      },
    },
  },
);
export const action = loader;

/** The body's code when the body is a redeem the handler will take (the same checks as parseInput's), else null. */
function redeemCode(body: unknown): string | null {
  try {
    return parseInput(redeemInput, body).code;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
