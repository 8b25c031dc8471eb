// The embedded defaults `npm run demo` and `npm run dev` run on: a demo shop,
// the SQLite file under prisma/, and placeholder Shopify credentials (no store
// is reachable from a demo). Variables already set in the environment win.
export const DEMO_SHOP = "twin-cards-demo.myshopify.com";

export function applyDemoEnv() {
  const port = process.env.PORT ?? "3000";
  const defaults = {
    SHOPIFY_API_KEY: "demo-api-key",
    SHOPIFY_API_SECRET: "demo-api-secret",
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    SCOPES: "read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy",
    PORT: port,
    HOST: "127.0.0.1",
    // Billing on (decision 0050): the demo shop starts on Free, with room for the tour; Upgrade walks the stub's confirmation.
    BILLING_PAID_AMOUNT: "19.00",
    BILLING_CURRENCY: "USD",
    BILLING_FREE_MONTHLY_ITEMS: "100",
    BILLING_TRIAL_DAYS: "14",
  };
  for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
}
