/** What every built server the tests start is given (the shared ones in global-setup.ts and the private ones). */
export const TEST_ENV = {
  SHOPIFY_API_KEY: "test-api-key",
  SHOPIFY_API_SECRET: "test-api-secret",
  SHOPIFY_APP_URL: "http://127.0.0.1",
  SCOPES: "read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy",
  // Tests name their own client address in X-Forwarded-For, so per-address
  // redeem limits apply per test rather than to the whole suite.
  TRUST_PROXY: "loopback",
  // Tests run their own dispatchers (test/integration/notify-*.test.ts); the shared servers leave the outbox alone.
  NOTIFY_DISPATCHER: "off",
  // Likewise webhooks (test/integration/webhooks-delivery.test.ts runs its own deliverer).
  WEBHOOK_WORKER: "off",
  // And order webhooks (test/integration/order-worker.test.ts runs its own order worker).
  ORDER_WORKER: "off",
  // And Shopify Flow triggers (test/integration/flow-triggers.test.ts runs its own sender).
  FLOW_WORKER: "off",
  // Seals endpoints' secrets: the test process (test/support/wiring.ts) opens what the servers sealed.
  WEBHOOK_SECRETS_KEY: "test-webhook-secrets-key-0123456789abcdef",
};
