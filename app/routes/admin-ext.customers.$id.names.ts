import { shopifyOwner } from "~/domain/customer-holdings.server";
import { registerNameFor } from "~/domain/names.server";
import { parseInput, registerNameInput } from "~/domain/schemas";
import { adminExtCommand, adminExtJson, adminExtRoute, textField } from "~/faces/admin-ext/admin-ext-route.server";
import { requireCustomer } from "~/faces/admin-ext/customer-action.server";

// POST /admin-ext/customers/:id/names {name, publicKey}: registers a universal name for the customer, as the app's page does.
export const loader = adminExtRoute({
  POST: async (context) => {
    const customer = await requireCustomer(context.graphql, context.params.id);
    const body = await adminExtJson(context.request);
    const input = { name: textField(body.name) ?? "", publicKey: textField(body.publicKey) ?? "", owner: shopifyOwner(customer.id) };
    return adminExtCommand(context, input, () => registerNameFor(context.shop, parseInput(registerNameInput, input)));
  },
});
export const action = loader;
