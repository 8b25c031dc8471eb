import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { EVENT_TYPES } from "~/domain/schemas";
import { adminLivemode } from "~/domain/test-data-view.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookEndpoints,
  resendDelivery,
  sendTestEvent,
} from "~/domain/webhook-endpoints.server";
import { recentDeliveries } from "~/domain/webhook-deliveries.server";
import { formFields, readForm, runIntent } from "~/faces/admin/action-result.server";
import { CopyButton } from "~/faces/admin/components/CopyButton";
import { FormErrorBanner } from "~/faces/admin/components/FormErrorBanner";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("webhooks.title");

// A test event goes to one endpoint on request; nobody subscribes to it.
const SUBSCRIBABLE = EVENT_TYPES.filter((type) => type !== "webhook_endpoint.test");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  // With "View test data" on, the test endpoints (which receive only test events) and their deliveries.
  const livemode = await adminLivemode(session.shop);
  return {
    endpoints: await listWebhookEndpoints(session.shop, livemode),
    deliveries: await recentDeliveries(session.shop, undefined, livemode),
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const t = await translatorFor(request);
  const id = fields.id ?? "";
  const livemode = await adminLivemode(session.shop);
  switch (fields.intent) {
    case "create": {
      const eventTypes = form.getAll("eventTypes").map(String);
      return runIntent("create", t, () =>
        createWebhookEndpoint(
          session.shop,
          { url: fields.url ?? "", eventTypes: eventTypes.includes("*") ? ["*"] : eventTypes, description: fields.description },
          livemode,
        ),
      );
    }
    case "delete":
      return runIntent("delete", t, () => deleteWebhookEndpoint(session.shop, id, livemode));
    case "enable":
      return runIntent("enable", t, () => enableWebhookEndpoint(session.shop, id, livemode));
    case "test":
      return runIntent("test", t, () => sendTestEvent(session.shop, id, livemode));
    case "resend":
      return runIntent("resend", t, () => resendDelivery(session.shop, id, livemode));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

const TOASTS: Record<string, string> = { create: "created", delete: "deleted", enable: "enabledAgain", test: "testSent", resend: "resent" };

/** A one-button form posting `intent` for `id`. */
function IntentButton({ intent, id, label, tone }: { intent: string; id: string; label: string; tone?: "critical" }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button submit size="slim" tone={tone}>
        {label}
      </Button>
    </Form>
  );
}

export default function Webhooks() {
  const { endpoints, deliveries } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [eventTypes, setEventTypes] = useState<string[]>(["*"]);
  const [dismissed, setDismissed] = useState<string | null>(null);

  const created =
    actionData?.ok && actionData.intent === "create" ? (actionData.data as { id: string; url: string; secret?: string }) : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  useEffect(() => {
    if (actionData?.ok) shopify.toast.show(t(`webhooks.${TOASTS[actionData.intent] ?? "created"}` as "webhooks.created"));
    // A new endpoint starts from an empty form, not the last one's URL and description.
    if (created) {
      setUrl("");
      setDescription("");
      setEventTypes(["*"]);
    }
  }, [actionData, created, shopify, t]);

  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <Page title={t("webhooks.title")} backAction={{ content: t("settings.title"), url: "/app/settings" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {created?.secret && created.id !== dismissed && (
              <Banner tone="warning" title={t("webhooks.secretTitle", { url: created.url })} onDismiss={() => setDismissed(created.id)}>
                <BlockStack gap="300">
                  <Text as="p">{t("webhooks.secretShownOnce")}</Text>
                  <TextField
                    label={t("webhooks.secret")}
                    labelHidden
                    value={created.secret}
                    readOnly
                    monospaced
                    autoComplete="off"
                    selectTextOnFocus
                    connectedRight={
                      <CopyButton value={created.secret} label={t("webhooks.copySecret")} copiedMessage={t("webhooks.secretCopied")} />
                    }
                  />
                </BlockStack>
              </Banner>
            )}
            {endpoints
              .filter((endpoint) => endpoint.status === "DISABLED")
              .map((endpoint) => (
                <Banner key={endpoint.id} tone="critical" title={t("webhooks.disabledTitle", { url: endpoint.url })}>
                  <BlockStack gap="200">
                    <Text as="p">{endpoint.disabledReason}</Text>
                    <InlineStack>
                      <IntentButton intent="enable" id={endpoint.id} label={t("webhooks.enable")} />
                    </InlineStack>
                  </BlockStack>
                </Banner>
              ))}
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("webhooks.endpoints")}
                </Text>
                {endpoints.length === 0 && (
                  <Text as="p" tone="subdued">
                    {t("webhooks.noEndpoints")}
                  </Text>
                )}
                {endpoints.map((endpoint) => (
                  <InlineStack key={endpoint.id} align="space-between" blockAlign="center" gap="200">
                    <BlockStack gap="100">
                      <InlineStack gap="200" blockAlign="center">
                        <Text as="span" fontWeight="semibold" breakWord>
                          {endpoint.url}
                        </Text>
                        <Badge tone={endpoint.status === "ENABLED" ? "success" : "critical"}>
                          {endpoint.status === "ENABLED" ? t("webhooks.enabled") : t("webhooks.disabled")}
                        </Badge>
                      </InlineStack>
                      {endpoint.description && (
                        <Text as="span" breakWord>
                          {endpoint.description}
                        </Text>
                      )}
                      <Text as="span" tone="subdued" breakWord>
                        {endpoint.eventTypes.includes("*") ? t("webhooks.allEvents") : endpoint.eventTypes.join(", ")}
                      </Text>
                    </BlockStack>
                    <InlineStack gap="200">
                      <IntentButton intent="test" id={endpoint.id} label={t("webhooks.sendTest")} />
                      <IntentButton intent="delete" id={endpoint.id} label={t("webhooks.delete")} tone="critical" />
                    </InlineStack>
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
            <Card>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="create" />
                {eventTypes.map((type) => (
                  <input key={type} type="hidden" name="eventTypes" value={type} />
                ))}
                <FormLayout>
                  <Text as="h2" variant="headingMd">
                    {t("webhooks.createTitle")}
                  </Text>
                  {failed?.intent === "create" && !failed.fieldErrors.url && (
                    <FormErrorBanner title={t("webhooks.notCreated")} errors={[{ path: "", message: failed.message }]} />
                  )}
                  <TextField
                    label={t("webhooks.url")}
                    name="url"
                    type="url"
                    value={url}
                    onChange={setUrl}
                    autoComplete="off"
                    placeholder="https://example.com/twin-cards/webhooks"
                    helpText={t("webhooks.urlHelp")}
                    error={failed?.intent === "create" ? failed.fieldErrors.url : undefined}
                  />
                  <TextField
                    label={t("webhooks.description")}
                    name="description"
                    value={description}
                    onChange={setDescription}
                    autoComplete="off"
                  />
                  <ChoiceList
                    allowMultiple
                    title={t("webhooks.eventTypes")}
                    selected={eventTypes}
                    onChange={setEventTypes}
                    choices={[
                      { label: t("webhooks.allEvents"), value: "*" },
                      ...SUBSCRIBABLE.map((type) => ({ label: type, value: type, disabled: eventTypes.includes("*") })),
                    ]}
                    error={failed?.intent === "create" ? failed.fieldErrors.eventTypes : undefined}
                  />
                  <InlineStack align="end">
                    <Button submit variant="primary" loading={creating}>
                      {t("webhooks.create")}
                    </Button>
                  </InlineStack>
                </FormLayout>
              </Form>
            </Card>
            <DeliveriesCard deliveries={deliveries} urlOf={urlOf} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

type Delivery = ReturnType<typeof useLoaderData<typeof loader>>["deliveries"][number];
const DELIVERY_TONE = { SUCCEEDED: "success", FAILED: "critical" } as const;

/**
 * The latest deliveries, four columns (the endpoint under its event, the answer under the
 * status), so Resend stays on screen in the admin's frame; on a phone each row stacks.
 */
function DeliveriesCard({ deliveries, urlOf }: { deliveries: Delivery[]; urlOf: Map<string, string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">
          {t("webhooks.deliveries")}
        </Text>
      </Box>
      {deliveries.length === 0 ? (
        <Box padding="400" paddingBlockStart="0">
          <Text as="p" tone="subdued">
            {t("webhooks.noDeliveries")}
          </Text>
        </Box>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: t("webhooks.delivery"), plural: t("webhooks.deliveries") }}
          itemCount={deliveries.length}
          selectable={false}
          headings={[
            { title: t("webhooks.event") },
            { title: t("webhooks.status") },
            { title: t("webhooks.nextAttempt") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {deliveries.map((delivery, index) => (
            <IndexTable.Row id={delivery.id} key={delivery.id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold">
                    {delivery.eventType}
                  </Text>
                  <Text as="span" variant="bodySm" tone="subdued" breakWord>
                    {urlOf.get(delivery.endpointId) ?? delivery.endpointId}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="100" inlineAlign="start">
                  <Badge
                    tone={delivery.status in DELIVERY_TONE ? DELIVERY_TONE[delivery.status as keyof typeof DELIVERY_TONE] : "attention"}
                  >
                    {t(`webhooks.status${delivery.status}` as "webhooks.statusPENDING")}
                  </Badge>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {t("webhooks.attemptsAndResponse", {
                      count: delivery.attempts,
                      response: delivery.responseStatus ?? (delivery.attempts > 0 ? t("webhooks.noResponse") : "—"),
                    })}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>{delivery.nextAttemptAt ? format.dateTime(delivery.nextAttemptAt) : "—"}</IndexTable.Cell>
              <IndexTable.Cell>
                <IntentButton intent="resend" id={delivery.id} label={t("webhooks.resend")} />
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ResponsiveIndexTable>
      )}
    </Card>
  );
}
