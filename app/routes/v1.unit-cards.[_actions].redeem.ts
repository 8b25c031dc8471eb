import { v1Route } from "~/faces/api/v1-route.server";
import { redeem } from "~/domain/redeem.server";
import { parseInput, redeemInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, body, clientAddress }) => ({ data: await redeem(shop, parseInput(redeemInput, body), { address: clientAddress }) }),
});
export const action = loader;
