import { walletPassFor } from "~/domain/wallet-passes.server";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";
import { walletPassResponse } from "~/faces/storefront/wallet-pass-response.server";

// GET /customer-account/passes/<card or twin id>[?locale=fr]: the customer's Apple Wallet pass of their own item.
export const loader = customerAccountRoute({
  GET: async ({ shop, customerId, params, request }) =>
    walletPassResponse(() => walletPassFor(shop, customerId, params.id ?? "", new URL(request.url).searchParams.get("locale"))),
});
export const action = loader;
