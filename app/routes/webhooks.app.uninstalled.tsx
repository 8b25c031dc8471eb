import type { ActionFunctionArgs } from "@remix-run/node";
import { endShopSessions, isShopIdOf } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { verifiedWebhook } from "~/adapters/shopify/webhooks.server";
import { appUninstalledPayload } from "~/adapters/shopify/webhook-payloads";

/** The app was uninstalled: its sessions go; the shop's data waits for shop/redact. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await verifiedWebhook(request, {
    topic: "app/uninstalled",
    payload: appUninstalledPayload,
    // Shopify may send the domain null (its own sample does): then the shop's id, where the app knows it, must be this shop's.
    belongsTo: (payload, from) => (payload.myshopify_domain ? payload.myshopify_domain === from : isShopIdOf(from, payload.id ?? null)),
  });
  await endShopSessions(shop);
  return new Response();
};

export const loader = methodNotAllowed("POST");
