import { customerHoldings } from "~/domain/customer-holdings.server";
import { adminExtData, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { actionStart, requireCustomer } from "~/faces/admin-ext/customer-action.server";

// GET /admin-ext/customers/:id/action: what the customer page action starts from (contacts, names, ordered products).
export const loader = adminExtRoute({
  GET: async ({ params, shop, graphql }) => {
    const customer = await requireCustomer(graphql, params.id);
    return adminExtData(actionStart(customer, await customerHoldings(shop, customer.id)));
  },
});
export const action = loader;
