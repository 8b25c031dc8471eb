import { v1Route } from "~/faces/api/v1-route.server";
import { countRedeemAttempt, redeemCounted } from "~/domain/redeem.server";
import { parseInput, redeemInput } from "~/domain/schemas";

// The attempt is counted before the idempotency transaction opens (it must count
// even when the redeem fails and rolls back); a body that is no redeem is no attempt.
export const loader = v1Route(
  { POST: async ({ shop, body }) => ({ data: await redeemCounted(shop, parseInput(redeemInput, body)) }) },
  {
    admit: {
      POST: async ({ shop, body, clientAddress }) => {
        const parsed = redeemInput.safeParse(body);
        if (parsed.success) await countRedeemAttempt(shop, parsed.data.code, { address: clientAddress });
      },
    },
  },
);
export const action = loader;
