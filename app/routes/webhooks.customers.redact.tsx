import type { ActionFunctionArgs } from "@remix-run/node";
import { redactCustomer } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { customersRedactPayload, verifiedWebhook } from "~/adapters/shopify/webhooks.server";

/** Erase a customer's personal data in this shop (orders are Shopify's; the app keeps none). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await verifiedWebhook(request, {
    topic: "customers/redact",
    payload: customersRedactPayload,
    shopOf: (payload) => payload.shop_domain,
  });
  const { id, email, phone } = payload.customer;
  await redactCustomer(shop, { customerId: id, email, phone });
  return new Response();
};

export const loader = methodNotAllowed("POST");
