import { useFetcher } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Collapsible,
  FormLayout,
  InlineStack,
  Link,
  Select,
  Spinner,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DemoCatalogue, DemoOrder, DemoOrderResult } from "~/faces/demo/demo-orders.server";

const ACTION = "/app/demo-orders";
const GUEST = "guest";

/**
 * Demo only: the store the demo does not have. Places an order in the local
 * Admin API stub for a demo customer (or a guest) — the stub sends the app the
 * signed orders/paid webhook, as Shopify would — then fulfils or cancels it.
 */
export function DemoOrderPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const catalogue = useFetcher<DemoCatalogue>();
  const orders = useFetcher<DemoOrderResult>();
  // What the merchant picked; until then the first customer (by name) and the first product.
  const [pickedCustomer, setCustomerId] = useState("");
  const [pickedProduct, setProductId] = useState("");
  const [email, setEmail] = useState("guest@example.com");
  const [quantity, setQuantity] = useState("1");
  const [lastOrder, setLastOrder] = useState<DemoOrder | null>(null);

  useEffect(() => {
    if (open && !catalogue.data && catalogue.state === "idle") catalogue.load(ACTION);
  }, [open, catalogue]);
  const result = orders.data;
  useEffect(() => {
    if (result?.ok) setLastOrder(result.order);
  }, [result]);

  const busy = orders.state !== "idle";
  const fieldError = (field: string) => (result && !result.ok && result.field === field ? t(`demoOrder.errors.${field}`) : undefined);
  const customers = [...(catalogue.data?.customers ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const customerId = pickedCustomer || (customers[0]?.id ?? GUEST);
  const productId = pickedProduct || (catalogue.data?.products[0]?.id ?? "");
  const change = (intent: "fulfil" | "cancel") => orders.submit({ intent, orderId: lastOrder!.id }, { method: "post", action: ACTION });

  return (
    <Box paddingInline="400" paddingBlockStart="200">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="p" variant="bodySm" tone="subdued">
              {t("demoOrder.intro")}
            </Text>
            <Button disclosure={open ? "up" : "down"} onClick={() => setOpen(!open)} ariaExpanded={open} ariaControls="demo-order-form">
              {t("demoOrder.open")}
            </Button>
          </InlineStack>
          <Collapsible id="demo-order-form" open={open}>
            {!catalogue.data ? (
              <Spinner size="small" accessibilityLabel={t("demoOrder.loading")} />
            ) : (
              <BlockStack gap="300">
                {/* noValidate: the app's own messages, in the merchant's language, rather than the browser's. */}
                <orders.Form method="post" action={ACTION} noValidate>
                  <input type="hidden" name="intent" value="place" />
                  <FormLayout>
                    <FormLayout.Group>
                      <Select
                        label={t("demoOrder.customer")}
                        name="customerId"
                        options={[
                          ...customers.map((customer) => ({ label: customer.name, value: customer.id })),
                          { label: t("demoOrder.guest"), value: GUEST },
                        ]}
                        value={customerId}
                        onChange={setCustomerId}
                        error={fieldError("customerId")}
                      />
                      {customerId === GUEST && (
                        <TextField
                          label={t("demoOrder.guestEmail")}
                          name="email"
                          type="email"
                          autoComplete="off"
                          value={email}
                          onChange={setEmail}
                          error={fieldError("email")}
                          helpText={t("demoOrder.guestEmailHelp")}
                        />
                      )}
                    </FormLayout.Group>
                    <FormLayout.Group>
                      <Select
                        label={t("demoOrder.product")}
                        name="productId"
                        options={catalogue.data.products.map((product) => ({ label: product.title, value: product.id }))}
                        value={productId}
                        onChange={setProductId}
                        error={fieldError("productId")}
                      />
                      <TextField
                        label={t("demoOrder.quantity")}
                        name="quantity"
                        type="number"
                        min={1}
                        max={100}
                        autoComplete="off"
                        value={quantity}
                        onChange={setQuantity}
                        error={fieldError("quantity")}
                      />
                    </FormLayout.Group>
                    <Button submit variant="primary" loading={busy && orders.formData?.get("intent") === "place"}>
                      {t("demoOrder.place")}
                    </Button>
                  </FormLayout>
                </orders.Form>
                {result && <DemoOrderOutcome result={result} />}
                {lastOrder && (
                  <InlineStack gap="200">
                    <Button onClick={() => change("fulfil")} disabled={lastOrder.cancelled || busy}>
                      {t("demoOrder.fulfil", { name: lastOrder.name })}
                    </Button>
                    <Button onClick={() => change("cancel")} disabled={lastOrder.cancelled || busy} tone="critical">
                      {t("demoOrder.cancel", { name: lastOrder.name })}
                    </Button>
                  </InlineStack>
                )}
              </BlockStack>
            )}
          </Collapsible>
        </BlockStack>
      </Card>
    </Box>
  );
}

/** What happened: the order, and whether the app got its webhook. */
function DemoOrderOutcome({ result }: { result: DemoOrderResult }) {
  const { t } = useTranslation();
  if (!result.ok) {
    if (result.problem === "invalid") return null;
    return (
      <Banner tone="critical">
        {result.problem === "notFound" ? t("demoOrder.notFound") : t("demoOrder.refused", { detail: result.detail ?? "" })}
      </Banner>
    );
  }
  const { order, webhook } = result;
  const delivered = webhook.status !== null && webhook.status >= 200 && webhook.status < 300;
  const line = order.lines[0];
  const buyer = order.customerName ?? t("demoOrder.aGuest", { email: order.email ?? t("demoOrder.noEmail") });
  return (
    <Banner tone={delivered ? "success" : "warning"} title={t(`demoOrder.done.${result.intent}`, { name: order.name })}>
      <BlockStack gap="100">
        {line && <Text as="p">{t("demoOrder.summary", { quantity: line.quantity, title: line.title, buyer })}</Text>}
        <Text as="p">
          {delivered
            ? t("demoOrder.delivered", { topic: webhook.topic, status: webhook.status })
            : t("demoOrder.notDelivered", {
                topic: webhook.topic,
                reason: webhook.status !== null ? t("demoOrder.answered", { status: webhook.status }) : (webhook.error ?? ""),
              })}
        </Text>
        {delivered && result.intent === "place" && (
          <Text as="p">
            {t("demoOrder.next")}{" "}
            {order.customerId ? (
              <Link url={`/app/customers/${order.customerId}`}>{t("demoOrder.customerPage", { name: order.customerName })}</Link>
            ) : (
              <Link url="/app/notifications">{t("nav.notifications")}</Link>
            )}
          </Text>
        )}
      </BlockStack>
    </Banner>
  );
}
