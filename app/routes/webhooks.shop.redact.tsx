import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteShopData } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { verifiedWebhook } from "~/adapters/shopify/webhooks.server";
import { shopRedactPayload } from "~/adapters/shopify/webhook-payloads";

/** 48 hours after uninstalling: every row of the shop goes. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await verifiedWebhook(request, {
    topic: "shop/redact",
    payload: shopRedactPayload,
    belongsTo: (payload, from) => payload.shop_domain === from,
  });
  await deleteShopData(shop);
  return new Response();
};

export const loader = methodNotAllowed("POST");
