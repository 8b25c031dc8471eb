import type { ActionFunctionArgs } from "@remix-run/node";
import { endShopSessions } from "~/domain/privacy.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { appUninstalledPayload, verifiedWebhook } from "~/adapters/shopify/webhooks.server";

/** The app was uninstalled: its sessions go; the shop's data waits for shop/redact. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await verifiedWebhook(request, {
    topic: "app/uninstalled",
    payload: appUninstalledPayload,
    shopOf: (payload) => payload.myshopify_domain,
  });
  await endShopSessions(shop);
  return new Response();
};

export const loader = methodNotAllowed("POST");
