import { notFound } from "~/domain/errors";
import { customerOrderIssues } from "~/domain/customer-order-issues.server";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// Shopify's numeric order ids (the order-status block sends the number of its order's GID).
const ORDER_ID = /^[1-9]\d{0,19}$/;

// GET /customer-account/orders/<numeric id>: what that order issued to the session token's customer (the order-status block).
export const loader = customerAccountRoute({
  GET: async ({ params, shop, customerId }) => {
    const id = params.id ?? "";
    if (!ORDER_ID.test(id)) throw notFound("Order");
    return jsonResponse({ data: await customerOrderIssues(shop, id, customerId) });
  },
});
export const action = loader;
