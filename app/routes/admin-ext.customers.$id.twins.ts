import { fieldError } from "~/domain/errors";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";
import { adminExtCommand, adminExtJson, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { productSourceOf, requireCustomer, twinFields } from "~/faces/admin-ext/customer-action.server";

// POST /admin-ext/customers/:id/twins {name_id, public_key, variant_id, title?, creator?, quantity?}: step 2 of the
// twin issue, the same command as the app's customer page, the product read from the customer's orders in Shopify.
export const loader = adminExtRoute({
  POST: async (context) => {
    const customer = await requireCustomer(context.graphql, context.params.id);
    const body = await adminExtJson(context.request);
    const product = customer.orderedProducts.find((candidate) => candidate.variantId !== null && candidate.variantId === body.variant_id);
    if (!product) throw fieldError("variant_id", context.t("customer.issueTwin.chooseProduct"));
    const fields = twinFields(body, product);
    return adminExtCommand(context, { ...fields, variant_id: product.variantId }, () =>
      issueTwinTo(context.shop, parseInput(issueTwinInput, fields), NO_SERIAL, true, true, productSourceOf(product)),
    );
  },
});
export const action = loader;
