import { z } from "zod";
import { endSubscription, recordShopPlan } from "~/domain/plan-changes.server";
import { billingConfig } from "~/wiring/config.server";
import { trialEnd } from "./billing.server";
import { verifiedWebhook } from "./webhooks.server";

const subscriptionPayload = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/AppSubscription\/\d+$/),
    name: z.string(),
    status: z.string(),
    created_at: z.string().optional(),
  }),
});

/**
 * APP_SUBSCRIPTIONS_UPDATE: an ACTIVE subscription to the paid plan puts the shop on it (and releases the order
 * items its cap held); an ended one puts it back on the free plan. The payload carries no trial: its end is counted
 * from the subscription's creation with the configured trial, and corrected when the admin next checks Shopify.
 */
export async function receiveSubscriptionUpdate(request: Request): Promise<Response> {
  const { shop, payload } = await verifiedWebhook(request, { topic: "app_subscriptions/update", payload: subscriptionPayload });
  const plans = billingConfig().plans;
  const { admin_graphql_api_id: id, name, status, created_at: createdAt } = payload.app_subscription;
  if (!plans || name !== plans.paid.name) return new Response();
  if (status === "ACTIVE") {
    await recordShopPlan(shop, { id, test: false, trialEndsAt: trialEnd(createdAt, plans.paid.trialDays) });
  } else if (["CANCELLED", "DECLINED", "EXPIRED", "FROZEN"].includes(status)) {
    await endSubscription(shop, id);
  }
  return new Response();
}
