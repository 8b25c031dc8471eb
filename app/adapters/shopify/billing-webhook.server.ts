import { applySubscriptionChange } from "~/domain/plan-changes.server";
import { billingConfig } from "~/wiring/config.server";
import { trialEnd } from "./billing.server";
import { subscriptionPayload } from "./webhook-payloads";
import { timeOf, verifiedWebhook } from "./webhooks.server";

/**
 * APP_SUBSCRIPTIONS_UPDATE: an ACTIVE subscription to the paid plan puts the shop on it (and releases the order
 * items its cap held); an ended one puts it back on the free plan, unless the update is stale (triggered before
 * what the app already holds: decision 0059). The payload carries no trial: its end is counted from the
 * subscription's creation with the configured trial, and corrected when the admin next checks Shopify.
 */
export async function receiveSubscriptionUpdate(request: Request): Promise<Response> {
  const { shop, payload, triggeredAt } = await verifiedWebhook(request, {
    topic: "app_subscriptions/update",
    payload: subscriptionPayload,
  });
  const plans = billingConfig().plans;
  const { admin_graphql_api_id: id, name, status, created_at: createdAt, updated_at: updatedAt } = payload.app_subscription;
  if (!plans || name !== plans.paid.name) return new Response();
  const at = triggeredAt ?? timeOf(updatedAt) ?? new Date();
  await applySubscriptionChange(shop, { id, status, trialEndsAt: trialEnd(createdAt ?? undefined, plans.paid.trialDays), at });
  return new Response();
}
