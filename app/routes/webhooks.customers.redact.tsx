import type { ActionFunctionArgs } from "@remix-run/node";
import { redactCustomer } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { verifiedWebhook } from "~/adapters/shopify/webhooks.server";
import { customersRedactPayload } from "~/adapters/shopify/webhook-payloads";

/** Erase a customer's personal data in this shop (orders are Shopify's; the app keeps none). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await verifiedWebhook(request, {
    topic: "customers/redact",
    payload: customersRedactPayload,
    belongsTo: (payload, from) => payload.shop_domain === from,
  });
  const { id, email, phone } = payload.customer;
  await redactCustomer(shop, { customerId: id, email, phone });
  return new Response();
};

export const loader = methodNotAllowed("POST");
