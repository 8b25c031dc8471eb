// Shopify's Billing API as the stub plays it (docs/admin-api-stub.md): what the library's `billing`
// helpers send (AppSubscriptionCreate, the appSubscription query of currentAppInstallation,
// appSubscriptionCancel), and the confirmation page a merchant approves a charge on. Approving or
// cancelling sends the app APP_SUBSCRIPTIONS_UPDATE, as Shopify does. Every stub shop is a
// development store (shop.plan.partnerDevelopment, in shop-settings.ts), so its charges are test charges.
import { connectionField } from "../shopify-graphql/connection";
import type { WebhookSender } from "./webhook-sender";

interface StubSubscription {
  id: string;
  shop: string;
  name: string;
  test: boolean;
  status: "PENDING" | "ACTIVE" | "CANCELLED" | "DECLINED";
  trialDays: number;
  createdAt: string;
  currentPeriodEnd: string | null;
  returnUrl: string;
  lineItems: unknown[];
  price: { amount: string; currencyCode: string } | null;
}

const CONFIRM_PATH = "/_stub/billing/confirm";

export function createBilling(webhooks: WebhookSender, baseUrl: () => string) {
  const subscriptions = new Map<string, StubSubscription>();
  let next = 7_000_000;

  const node = (subscription: StubSubscription) => {
    const { shop: _shop, price: _price, ...fields } = subscription;
    return fields;
  };
  const ofShop = (shop: string | undefined) => [...subscriptions.values()].filter((subscription) => subscription.shop === shop);

  function webhookOf(subscription: StubSubscription) {
    return webhooks.send(subscription.shop, "app_subscriptions/update", {
      app_subscription: {
        admin_graphql_api_id: subscription.id,
        name: subscription.name,
        status: subscription.status,
        admin_graphql_api_shop_id: "gid://shopify/Shop/1",
        created_at: subscription.createdAt,
        updated_at: new Date().toISOString(),
        currency: subscription.price?.currencyCode ?? "USD",
        capped_amount: null,
        price: subscription.price ? Number(subscription.price.amount).toFixed(2) : null,
        interval: "every_30_days",
        plan_handle: null,
      },
    });
  }

  const lineItemsOf = (subscription: StubSubscription) =>
    subscription.price
      ? [
          {
            id: `gid://shopify/AppSubscriptionLineItem/${subscription.id.split("/").pop()}?v=1&index=0`,
            plan: {
              pricingDetails: { __typename: "AppRecurringPricing", price: subscription.price, interval: "EVERY_30_DAYS", discount: null },
            },
          },
        ]
      : [];
  const object = (subscription: StubSubscription) => ({
    __typename: "AppSubscription",
    ...node(subscription),
    lineItems: lineItemsOf(subscription),
  });

  return {
    /** `currentAppInstallation`: the shop's ACTIVE subscriptions (no one-time purchases). */
    installation: (shop: string | undefined) => ({
      __typename: "AppInstallation",
      activeSubscriptions: ofShop(shop)
        .filter((subscription) => subscription.status === "ACTIVE")
        .map(object),
      oneTimePurchases: connectionField(() => []),
    }),
    /** `appSubscriptionCreate`: a PENDING subscription and the page where the merchant approves it. */
    create(
      shop: string | undefined,
      args: { name: string; returnUrl: string; test?: boolean | null; trialDays?: number | null; lineItems: unknown[] },
    ) {
      const id = `gid://shopify/AppSubscription/${next++}`;
      const lineItems = args.lineItems as { plan?: { appRecurringPricingDetails?: { price?: StubSubscription["price"] } } }[];
      const price = lineItems[0]?.plan?.appRecurringPricingDetails?.price;
      const subscription: StubSubscription = {
        id,
        shop: shop ?? "",
        name: args.name,
        test: args.test === true,
        status: "PENDING",
        trialDays: args.trialDays ?? 0,
        createdAt: new Date().toISOString(),
        currentPeriodEnd: null,
        returnUrl: args.returnUrl,
        lineItems: [],
        price: price ? { amount: String(price.amount), currencyCode: price.currencyCode } : null,
      };
      subscriptions.set(id, subscription);
      const confirmationUrl = `${baseUrl()}${CONFIRM_PATH}?id=${encodeURIComponent(id)}`;
      return { appSubscription: object(subscription), confirmationUrl, userErrors: [] };
    },
    /** `appSubscriptionCancel`: the shop's ACTIVE subscription is CANCELLED (and the webhook sent). */
    cancel(shop: string | undefined, args: { id: string }) {
      const subscription = subscriptions.get(args.id);
      if (!subscription || subscription.shop !== shop || subscription.status !== "ACTIVE")
        return { appSubscription: null, userErrors: [{ field: ["id"], message: "No such active subscription" }] };
      subscription.status = "CANCELLED";
      void webhookOf(subscription);
      return { appSubscription: object(subscription), userErrors: [] };
    },

    /** The confirmation page (GET) and the merchant's answer (POST); undefined for another path. */
    async confirmation(
      method: string,
      url: URL,
      body: string,
    ): Promise<{ status: number; headers: Record<string, string>; body: string } | undefined> {
      if (url.pathname !== CONFIRM_PATH) return undefined;
      const subscription = subscriptions.get(url.searchParams.get("id") ?? "");
      if (!subscription || subscription.status !== "PENDING")
        return { status: 404, headers: { "Content-Type": "text/plain" }, body: "No charge waits for approval" };
      if (method === "GET")
        return { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }, body: confirmationPage(subscription) };
      const approved = new URLSearchParams(body).get("decision") === "approve";
      subscription.status = approved ? "ACTIVE" : "DECLINED";
      if (approved) {
        for (const other of ofShop(subscription.shop)) {
          if (other !== subscription && other.status === "ACTIVE") other.status = "CANCELLED";
        }
        subscription.currentPeriodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
      }
      // Shopify tells the app before the merchant is back in it.
      await webhookOf(subscription);
      const back = new URL(subscription.returnUrl);
      if (approved) back.searchParams.set("charge_id", subscription.id.split("/").pop()!);
      return { status: 303, headers: { Location: back.toString() }, body: "" };
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function confirmationPage(subscription: StubSubscription): string {
  const price = subscription.price
    ? `${Number(subscription.price.amount).toFixed(2)} ${subscription.price.currencyCode} every 30 days`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Approve subscription</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 480px; margin: 40px auto; padding: 0 16px">
<p>Shopify (stand-in)</p>
<h1>Approve subscription</h1>
<p>${escapeHtml(subscription.shop)} · <strong>${escapeHtml(subscription.name)}</strong></p>
<p>${escapeHtml(price)}${subscription.trialDays ? ` after a ${subscription.trialDays}-day free trial` : ""}</p>
${subscription.test ? "<p>Test charge: the store is a development store and is not billed.</p>" : ""}
<form method="post"><button name="decision" value="approve">Approve</button> <button name="decision" value="decline">Cancel</button></form>
</body></html>`;
}
