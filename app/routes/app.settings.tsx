import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  FormLayout,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formFields, readForm, runIntent } from "~/faces/admin/action-result.server";
import { CopyButton } from "~/faces/admin/components/CopyButton";
import { EMPTY_STATE_IMAGE } from "~/faces/admin/components/empty-state-image";
import { FormErrorBanner } from "~/faces/admin/components/FormErrorBanner";
import { NftDistributionSettings } from "~/faces/admin/components/NftDistributionSettings";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "~/domain/api-keys.server";
import { chainOverview, setNftDistributionApproval } from "~/domain/chain-mints.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { apiKeys: await listApiKeys(session.shop), chain: await chainOverview(session.shop) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  const t = await translatorFor(request);
  switch (fields.intent) {
    case "create":
      return runIntent("create", t, () => createApiKey({ shop: session.shop, label: fields.label }));
    case "revoke":
      return runIntent("revoke", t, () => revokeApiKey(session.shop, fields.id ?? ""));
    case "nft-approval":
      return runIntent("nft-approval", t, () => setNftDistributionApproval(session.shop, fields.approved === "on"));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function Settings() {
  const { apiKeys, chain } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [label, setLabel] = useState("");
  const [dismissedKeyId, setDismissedKeyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const closeRevoke = useCallback(() => setRevoking(null), []);

  const newKey = actionData?.ok && "key" in actionData.data ? actionData.data : null;
  // A key revoked right after creation has nothing left worth copying.
  const showNewKey = newKey && newKey.apiKey.id !== dismissedKeyId && !apiKeys.some((k) => k.id === newKey.apiKey.id && k.revokedAt);
  const createFailed = actionData && !actionData.ok ? actionData : null;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  useEffect(() => {
    if (newKey) {
      setLabel("");
      shopify.toast.show(t("settings.created"));
    }
  }, [newKey, shopify, t]);

  return (
    <Page title={t("settings.title")}>
      <Layout>
        <Layout.AnnotatedSection id="api-keys" title={t("settings.apiKeys")} description={t("settings.apiKeysDescription")}>
          <BlockStack gap="400">
            {showNewKey && (
              <NewKeyBanner apiKey={newKey.apiKey} secret={newKey.key} onDismiss={() => setDismissedKeyId(newKey.apiKey.id)} />
            )}
            <Card>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="create" />
                <FormLayout>
                  <Text as="h2" variant="headingMd">{t("settings.createTitle")}</Text>
                  {createFailed && !createFailed.fieldErrors.label && (
                    <FormErrorBanner title={t("settings.notCreated")} errors={[{ path: "", message: createFailed.message }]} />
                  )}
                  <TextField
                    label={t("settings.label")}
                    name="label"
                    value={label}
                    onChange={setLabel}
                    autoComplete="off"
                    placeholder={t("settings.labelPlaceholder")}
                    helpText={t("settings.labelHelp")}
                    error={createFailed?.fieldErrors.label}
                  />
                  <InlineStack align="end">
                    <Button submit variant="primary" loading={creating}>{t("settings.create")}</Button>
                  </InlineStack>
                </FormLayout>
              </Form>
            </Card>
            <ApiKeysCard apiKeys={apiKeys} onRevoke={setRevoking} />
          </BlockStack>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="on-chain" title={t("settings.onChain")} description={t("settings.onChainDescription")}>
          <NftDistributionSettings overview={chain} />
        </Layout.AnnotatedSection>
        <Layout.Section>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
      {/* One modal (and one fetcher) per key, so an earlier key's answer never shows for another. */}
      <RevokeModal key={revoking?.id ?? "none"} apiKey={revoking} onClose={closeRevoke} />
    </Page>
  );
}

/** The only time the secret is on screen. */
function NewKeyBanner({ apiKey, secret, onDismiss }: { apiKey: ApiKeySummary; secret: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t("settings.copyNow", { label: apiKey.label })} onDismiss={onDismiss}>
      <BlockStack gap="300">
        <Text as="p">{t("settings.shownOnce")}</Text>
        <TextField
          label={t("settings.apiKey")}
          labelHidden
          value={secret}
          readOnly
          monospaced
          autoComplete="off"
          selectTextOnFocus
          connectedRight={<CopyButton value={secret} label={t("settings.copyKey")} copiedMessage={t("settings.keyCopied")} />}
        />
      </BlockStack>
    </Banner>
  );
}

function ApiKeysCard({ apiKeys, onRevoke }: { apiKeys: ApiKeySummary[]; onRevoke: (apiKey: ApiKeySummary) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">{t("settings.yourKeys")}</Text>
      </Box>
      {apiKeys.length === 0 ? (
        <EmptyState heading={t("settings.noKeys")} image={EMPTY_STATE_IMAGE}>
          <p>{t("settings.noKeysBody")}</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: t("settings.resourceSingular"), plural: t("settings.resourcePlural") }}
          itemCount={apiKeys.length}
          selectable={false}
          headings={[
            { title: t("settings.label") },
            { title: t("settings.key") },
            { title: t("common.created") },
            { title: t("settings.lastUsed") },
            { title: t("common.status") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {apiKeys.map((apiKey, index) => (
            <IndexTable.Row id={apiKey.id} key={apiKey.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">{apiKey.label}</Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" tone="subdued">{apiKey.prefix}…</Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{format.date(apiKey.createdAt)}</IndexTable.Cell>
              <IndexTable.Cell>{format.date(apiKey.lastUsedAt, t("common.never"))}</IndexTable.Cell>
              <IndexTable.Cell>
                {apiKey.revokedAt ? <Badge>{t("settings.revoked")}</Badge> : <Badge tone="success">{t("settings.active")}</Badge>}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {!apiKey.revokedAt && (
                  <Button variant="plain" tone="critical" onClick={() => onRevoke(apiKey)} accessibilityLabel={t("settings.revokeLabel", { label: apiKey.label })}>
                    {t("settings.revoke")}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ResponsiveIndexTable>
      )}
    </Card>
  );
}

function RevokeModal({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const revoked = result?.ok && fetcher.state === "idle" && "revokedAt" in result.data ? result.data : null;
  const failed = result && !result.ok && fetcher.state === "idle" ? result : null;

  useEffect(() => {
    if (revoked) {
      shopify.toast.show(t("settings.revokedToast", { label: revoked.label }));
      onClose();
    }
  }, [revoked, onClose, shopify, t]);

  return (
    <Modal
      open={apiKey !== null}
      onClose={onClose}
      title={t("settings.revokeTitle", { label: apiKey?.label ?? "" })}
      primaryAction={{
        content: t("settings.revokeKey"),
        destructive: true,
        loading: busy,
        onAction: () => apiKey && fetcher.submit({ intent: "revoke", id: apiKey.id }, { method: "post" }),
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {failed && <FormErrorBanner title={t("settings.notRevoked")} errors={[{ path: "", message: failed.message }]} />}
          <Text as="p">
            {t("settings.revokeBodyStart")} <Text as="span" fontWeight="semibold">{apiKey?.prefix}…</Text> {t("settings.revokeBodyEnd")}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
