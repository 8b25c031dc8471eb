// Shopify's Billing API as the stub plays it (docs/admin-api-stub.md): what the library's `billing`
// helpers send (AppSubscriptionCreate, the appSubscription query of currentAppInstallation,
// appSubscriptionCancel), and the confirmation page a merchant approves a charge on. Approving or
// cancelling sends the app APP_SUBSCRIPTIONS_UPDATE, as Shopify does. Every stub shop is a
// development store (shop.plan.partnerDevelopment), so its charges are test charges.
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

  return {
    /** The GraphQL operations; undefined for another operation. */
    graphql(operation: string | undefined, shop: string | undefined, variables: Record<string, unknown>): unknown {
      if (operation === "appSubscription") {
        const active = ofShop(shop).filter((subscription) => subscription.status === "ACTIVE");
        return {
          data: {
            currentAppInstallation: {
              activeSubscriptions: active.map(node),
              oneTimePurchases: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
        };
      }
      if (operation === "AppSubscriptionCreate") {
        const id = `gid://shopify/AppSubscription/${next++}`;
        const lineItems =
          (variables.lineItems as { plan?: { appRecurringPricingDetails?: { price?: StubSubscription["price"] } } }[]) ?? [];
        const subscription: StubSubscription = {
          id,
          shop: shop ?? "",
          name: String(variables.name ?? ""),
          test: variables.test === true,
          status: "PENDING",
          trialDays: Number(variables.trialDays ?? 0),
          createdAt: new Date().toISOString(),
          currentPeriodEnd: null,
          returnUrl: String(variables.returnUrl ?? ""),
          lineItems: [],
          price: lineItems[0]?.plan?.appRecurringPricingDetails?.price ?? null,
        };
        subscriptions.set(id, subscription);
        const confirmationUrl = `${baseUrl()}${CONFIRM_PATH}?id=${encodeURIComponent(id)}`;
        return { data: { appSubscriptionCreate: { appSubscription: node(subscription), confirmationUrl, userErrors: [] } } };
      }
      if (operation === "appSubscriptionCancel") {
        const subscription = subscriptions.get(String(variables.id));
        if (!subscription || subscription.shop !== shop || subscription.status !== "ACTIVE") {
          return {
            data: {
              appSubscriptionCancel: { appSubscription: null, userErrors: [{ field: ["id"], message: "No such active subscription" }] },
            },
          };
        }
        subscription.status = "CANCELLED";
        void webhookOf(subscription);
        return { data: { appSubscriptionCancel: { appSubscription: node(subscription), userErrors: [] } } };
      }
      if (operation === "TwinCardsShopPlan") return { data: { shop: { plan: { partnerDevelopment: true } } } };
      return undefined;
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
