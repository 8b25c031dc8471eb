import { createCardFor } from "~/domain/cards.server";
import { shopifyOwner } from "~/domain/customer-holdings.server";
import { fieldError } from "~/domain/errors";
import { createCardInput, parseInput } from "~/domain/schemas";
import { adminExtCommand, adminExtJson, adminExtRoute, textField } from "~/faces/admin-ext/admin-ext-route.server";
import { requireCustomer } from "~/faces/admin-ext/customer-action.server";

// POST /admin-ext/customers/:id/cards {mode: "owner" | "redemption", name, imageUrls?, publicKey | email/phone}:
// a card for the customer, owned now or claimed with a code sent to them, as the app's customer page creates it.
export const loader = adminExtRoute({
  POST: async (context) => {
    const customer = await requireCustomer(context.graphql, context.params.id);
    const body = await adminExtJson(context.request);
    const imageUrls = Array.isArray(body.imageUrls) ? body.imageUrls : textField(body.imageUrls) === undefined ? [] : [body.imageUrls];
    const card = { name: textField(body.name) ?? "", media: { imageUrls, videoUrls: [] } };
    const byOwner = body.mode === "owner";
    const email = textField(body.email);
    const phone = textField(body.phone);
    // The page's own words for an empty destination (the API's message speaks of owner + publicKey).
    if (!byOwner && email === undefined && phone === undefined) throw fieldError("email", context.t("customer.createCard.noDestination"));
    const recipient = byOwner
      ? { owner: shopifyOwner(customer.id), publicKey: textField(body.publicKey) ?? "" }
      : { email, phone, locale: customer.locale ?? undefined, firstName: customer.firstName ?? undefined };
    const input = { ...card, ...recipient };
    return adminExtCommand(context, input, () => createCardFor(context.shop, parseInput(createCardInput, input)));
  },
});
export const action = loader;
