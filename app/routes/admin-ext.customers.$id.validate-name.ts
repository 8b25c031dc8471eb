import { fieldError } from "~/domain/errors";
import { validateName } from "~/domain/names.server";
import { adminExtData, adminExtJson, adminExtRoute, textField } from "~/faces/admin-ext/admin-ext-route.server";
import { requireCustomer } from "~/faces/admin-ext/customer-action.server";

// POST /admin-ext/customers/:id/validate-name {name}: step 1 of the twin issue, as the app's customer page validates it.
export const loader = adminExtRoute({
  POST: async ({ request, params, graphql, t }) => {
    await requireCustomer(graphql, params.id);
    const body = await adminExtJson(request);
    const { available, payload } = await validateName({ name: textField(body.name) ?? "" });
    if (!available) throw fieldError("name", t("customer.issueTwin.unknownName", { name: payload.uns_name }));
    return adminExtData(payload);
  },
});
export const action = loader;
