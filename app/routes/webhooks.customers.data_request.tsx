import type { ActionFunctionArgs } from "@remix-run/node";
import { customerDataReport } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { verifiedWebhook } from "~/adapters/shopify/webhooks.server";
import { customersDataRequestPayload } from "~/adapters/shopify/webhook-payloads";

/** A customer asked for their data: the report is recorded for the merchant to send them. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await verifiedWebhook(request, {
    topic: "customers/data_request",
    payload: customersDataRequestPayload,
    belongsTo: (payload, from) => payload.shop_domain === from,
  });
  const { id, email, phone } = payload.customer;
  await customerDataReport(shop, { customerId: id, email, phone }, { externalId: payload.data_request.id });
  return new Response();
};

export const loader = methodNotAllowed("POST");
