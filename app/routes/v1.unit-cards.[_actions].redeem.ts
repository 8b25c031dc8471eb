import { v1Route } from "~/api/v1-route.server";
import { redeemCode } from "~/domain/redeem.server";

export const loader = v1Route({
  POST: async ({ shop, body, clientAddress }) => ({ data: await redeemCode(shop, body, { address: clientAddress }) }),
});
export const action = loader;
