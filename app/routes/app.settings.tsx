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
import { formFields, readForm, runIntent } from "~/admin/action-result.server";
import { CopyButton } from "~/components/CopyButton";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state-image";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { NftDistributionSettings } from "~/components/NftDistributionSettings";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "~/domain/api-keys.server";
import { chainOverview, setNftDistributionApproval } from "~/domain/chain-mints.server";
import { formatDate } from "~/lib/format";
import { authenticate } from "~/shopify.server";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { apiKeys: await listApiKeys(session.shop), chain: await chainOverview(session.shop) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  switch (fields.intent) {
    case "create":
      return runIntent("create", () => createApiKey({ shop: session.shop, label: fields.label }));
    case "revoke":
      return runIntent("revoke", () => revokeApiKey(session.shop, fields.id ?? ""));
    case "nft-approval":
      return runIntent("nft-approval", () => setNftDistributionApproval(session.shop, fields.approved === "on"));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function Settings() {
  const { apiKeys, chain } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const shopify = useAppBridge();
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
      shopify.toast.show("API key created");
    }
  }, [newKey, shopify]);

  return (
    <Page title="Settings">
      <Layout>
        <Layout.AnnotatedSection
          id="api-keys"
          title="API keys"
          description="Other platforms call the Twin Cards issuing API (/v1) with an API key for this shop. Give each integration its own key, and revoke a key you no longer use or that may have leaked."
        >
          <BlockStack gap="400">
            {showNewKey && (
              <NewKeyBanner apiKey={newKey.apiKey} secret={newKey.key} onDismiss={() => setDismissedKeyId(newKey.apiKey.id)} />
            )}
            <Card>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="create" />
                <FormLayout>
                  <Text as="h2" variant="headingMd">Create an API key</Text>
                  {createFailed && !createFailed.fieldErrors.label && (
                    <FormErrorBanner title="The API key wasn’t created" errors={[{ path: "", message: createFailed.message }]} />
                  )}
                  <TextField
                    label="Label"
                    name="label"
                    value={label}
                    onChange={setLabel}
                    autoComplete="off"
                    placeholder="e.g. WooCommerce store"
                    helpText="Only for you, to tell keys apart. Defaults to “API key”."
                    error={createFailed?.fieldErrors.label}
                  />
                  <InlineStack align="end">
                    <Button submit variant="primary" loading={creating}>Create API key</Button>
                  </InlineStack>
                </FormLayout>
              </Form>
            </Card>
            <ApiKeysCard apiKeys={apiKeys} onRevoke={setRevoking} />
          </BlockStack>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          id="on-chain"
          title="On-chain issuing"
          description="Digital twins and owned cards can also be minted as Solana NFTs in the customer's wallet. The Twin Cards registry stays the record; the NFT mirrors it."
        >
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
  return (
    <Banner tone="warning" title={`Copy your new API key “${apiKey.label}” now`} onDismiss={onDismiss}>
      <BlockStack gap="300">
        <Text as="p">It won’t be shown again. Store it somewhere safe; if you lose it, create a new key and revoke this one.</Text>
        <TextField
          label="API key"
          labelHidden
          value={secret}
          readOnly
          monospaced
          autoComplete="off"
          selectTextOnFocus
          connectedRight={<CopyButton value={secret} label="Copy key" copiedMessage="API key copied" />}
        />
      </BlockStack>
    </Banner>
  );
}

function ApiKeysCard({ apiKeys, onRevoke }: { apiKeys: ApiKeySummary[]; onRevoke: (apiKey: ApiKeySummary) => void }) {
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">Your API keys</Text>
      </Box>
      {apiKeys.length === 0 ? (
        <EmptyState heading="No API keys yet" image={EMPTY_STATE_IMAGE}>
          <p>Create a key above to let another platform issue cards for this shop.</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "API key", plural: "API keys" }}
          itemCount={apiKeys.length}
          selectable={false}
          headings={[
            { title: "Label" },
            { title: "Key" },
            { title: "Created" },
            { title: "Last used" },
            { title: "Status" },
            { title: "Actions", hidden: true },
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
              <IndexTable.Cell>{formatDate(apiKey.createdAt)}</IndexTable.Cell>
              <IndexTable.Cell>{formatDate(apiKey.lastUsedAt, "Never")}</IndexTable.Cell>
              <IndexTable.Cell>
                {apiKey.revokedAt ? <Badge>Revoked</Badge> : <Badge tone="success">Active</Badge>}
              </IndexTable.Cell>
              <IndexTable.Cell>
                {!apiKey.revokedAt && (
                  <Button variant="plain" tone="critical" onClick={() => onRevoke(apiKey)} accessibilityLabel={`Revoke ${apiKey.label}`}>
                    Revoke
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
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const revoked = result?.ok && fetcher.state === "idle" && "revokedAt" in result.data ? result.data : null;
  const failed = result && !result.ok && fetcher.state === "idle" ? result : null;

  useEffect(() => {
    if (revoked) {
      shopify.toast.show(`API key “${revoked.label}” revoked`);
      onClose();
    }
  }, [revoked, onClose, shopify]);

  return (
    <Modal
      open={apiKey !== null}
      onClose={onClose}
      title={`Revoke API key “${apiKey?.label ?? ""}”?`}
      primaryAction={{
        content: "Revoke key",
        destructive: true,
        loading: busy,
        onAction: () => apiKey && fetcher.submit({ intent: "revoke", id: apiKey.id }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {failed && <FormErrorBanner title="The key wasn’t revoked" errors={[{ path: "", message: failed.message }]} />}
          <Text as="p">
            Requests with the key starting <Text as="span" fontWeight="semibold">{apiKey?.prefix}…</Text> will be refused
            immediately. This can’t be undone.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
