import { notFound } from "~/domain/errors";
import { customerHoldings, pendingCardsFor } from "~/domain/customer-holdings.server";
import { adminExtData, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { numericIdOf } from "~/faces/admin-ext/admin-ext-shapes.server";
import { customerBlock } from "~/faces/admin-ext/customer-block.server";
import { getCustomer } from "~/adapters/shopify/admin-customers.server";

// GET /admin-ext/customers/:id: the customer page block (its cards and twins, names, held and waiting items).
export const loader = adminExtRoute({
  GET: async ({ params, shop, graphql }) => {
    const customerId = numericIdOf("Customer", params.id);
    const customer = await getCustomer(graphql, customerId);
    if (!customer) throw notFound("Customer");
    const [holdings, pending] = await Promise.all([
      customerHoldings(shop, customerId),
      pendingCardsFor(shop, { email: customer.email, phone: customer.phone }),
    ]);
    return adminExtData(customerBlock(customer, holdings, pending));
  },
});
export const action = loader;
