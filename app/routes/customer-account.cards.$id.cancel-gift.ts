import { cancelGiftForCustomer } from "~/domain/storefront.server";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/cards/<id>/cancel-gift: the giver takes the card back before it is claimed (decision 0043).
export const loader = customerAccountRoute({
  POST: async ({ params, shop, customerId }) => jsonResponse({ data: await cancelGiftForCustomer(shop, customerId, params.id ?? "") }),
});
export const action = loader;
