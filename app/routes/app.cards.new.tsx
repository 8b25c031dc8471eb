import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  ChoiceList,
  Divider,
  Form,
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
import { type ActionResult, readForm, runIntent } from "~/faces/admin/action-result.server";
import { CardStatusBadge } from "~/faces/admin/components/CardStatusBadge";
import { CopyButton } from "~/faces/admin/components/CopyButton";
import { FormErrorBanner, type UnplacedError } from "~/faces/admin/components/FormErrorBanner";
import { MediaThumbnail } from "~/faces/admin/components/MediaThumbnail";
import { batchCommand, readBatchForm, type BatchForm, type BatchFormErrors } from "~/faces/admin/card-batch-form.server";
import { createCardsFor, DEFAULT_CODE_LIFETIME_DAYS } from "~/domain/cards.server";
import { validationFailed } from "~/domain/errors";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { MAX_BATCH_CARDS } from "~/domain/schemas";
import { translatorFor, type Translator } from "~/faces/admin/i18n/i18n.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";

type CardRow = BatchForm["rows"][number];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return { defaultLifetimeDays: DEFAULT_CODE_LIFETIME_DAYS, maxCards: MAX_BATCH_CARDS };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const data = await readForm(request);
  if (data.get("intent") !== "create") throw new Response("Unknown intent", { status: 400 });
  const t = await translatorFor(request);
  const form = readBatchForm(data.get("batch"));
  if (!form) return { ...unreadable(t), rowErrors: {} };
  const checked = batchCommand(form);
  // Errors of the batch as a whole go through the domain's wording; each row's stay on that row.
  const result = await runIntent("create", t, () =>
    "command" in checked ? createCardsFor(session.shop, checked.command) : Promise.reject(validationFailed(checked.errors.fields)),
  );
  const rowErrors = "errors" in checked ? translatedRows(t, checked.errors.rows) : {};
  if (!result.ok && Object.keys(rowErrors).length > 0) return { ...result, message: t("cards.new.fixFields"), rowErrors };
  return { ...result, rowErrors };
};

const translatedRows = (t: Translator, rows: BatchFormErrors["rows"]) =>
  Object.fromEntries(
    Object.entries(rows).map(([key, fields]) => [
      key,
      Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateDomainMessage(t, message)])),
    ]),
  );

const unreadable = (t: Translator): ActionResult<never> => ({
  intent: "create",
  ok: false,
  message: t("cards.new.unreadable"),
  fieldErrors: {},
});

type ActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

export default function NewCards() {
  const result = useActionData<typeof action>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ActionData | null>(null);
  const created = result?.ok ? result.data : null;

  useEffect(() => {
    if (created) shopify.toast.show(t("cards.new.created", { count: created.length }));
  }, [created, shopify, t]);

  return (
    <Page title={t("cards.new.title")} backAction={{ content: t("cards.title"), url: "/app/cards" }}>
      {created && result !== dismissed ? (
        <CreatedCards cards={created} onCreateMore={() => setDismissed(result ?? null)} />
      ) : (
        <BatchFormView failure={result && !result.ok ? result : null} />
      )}
    </Page>
  );
}

type CreatedCard = Extract<ActionData, { ok: true }>["data"][number];

function CreatedCards({ cards, onCreateMore }: { cards: CreatedCard[]; onCreateMore: () => void }) {
  const { t } = useTranslation();
  const redemption = cards[0]?.redemption;
  const [first, second] = [redemption?.email, redemption?.phone].filter((destination): destination is string => Boolean(destination));
  const sentTo = first && second ? t("cards.new.and", { first, second }) : first;
  const one = cards.length === 1;
  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          <Banner tone="success" title={t("cards.new.created", { count: cards.length })}>
            {redemption?.code ? (
              <BlockStack gap="300">
                <Text as="p">
                  {sentTo
                    ? t(one ? "cards.new.claimOneSent" : "cards.new.claimAllSent", { destination: sentTo })
                    : t(one ? "cards.new.claimOne" : "cards.new.claimAll")}
                </Text>
                <Box maxWidth="420px">
                  <TextField
                    label={t("cards.new.redemptionCode")}
                    labelHidden
                    value={redemption.code}
                    readOnly
                    monospaced
                    autoComplete="off"
                    selectTextOnFocus
                    connectedRight={<CopyButton value={redemption.code} label={t("common.copyCode")} copiedMessage={t("common.codeCopied")} />}
                  />
                </Box>
              </BlockStack>
            ) : (
              <Text as="p">{t(one ? "cards.new.belongsOne" : "cards.new.belongsAll", { owner: cards[0]?.owner })}</Text>
            )}
          </Banner>
          <Card padding="0">
            <ResponsiveIndexTable
              resourceName={{ singular: t("cards.resourceSingular"), plural: t("cards.resourcePlural") }}
              itemCount={cards.length}
              selectable={false}
              headings={[{ title: t("cards.card") }, { title: t("common.status") }, { title: t("cards.new.id") }]}
            >
              {cards.map((card, index) => (
                <IndexTable.Row id={card.id} key={card.id} position={index}>
                  <IndexTable.Cell>
                    <InlineStack gap="300" blockAlign="center" wrap={false}>
                      <MediaThumbnail images={card.media.imageUrls} alt={card.name} />
                      <Text as="span" fontWeight="semibold">{card.name}</Text>
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <CardStatusBadge status={card.status} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" tone="subdued">{card.id}</Text>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ResponsiveIndexTable>
          </Card>
          <InlineStack gap="300" align="end">
            <Button url="/app/cards">{t("cards.new.viewAll")}</Button>
            <Button variant="primary" onClick={onCreateMore}>{t("cards.new.createMore")}</Button>
          </InlineStack>
        </BlockStack>
      </Layout.Section>
    </Layout>
  );
}

type Failure = Extract<ActionData, { ok: false }>;

const FIELD_PATHS = ["redemption.email", "redemption.phone", "redemption.code", "redemption.expiresAt", "owner", "publicKey"];

/**
 * Puts each error of a refused batch at its field: a row's own errors come keyed
 * by its key and field, the recipient's by path (`redemption.email`); anything
 * else is listed above the form.
 */
function placeErrors(failure: Failure | null): { atField: Record<string, string>; unplaced: UnplacedError[] } {
  const atField: Record<string, string> = {};
  const unplaced: UnplacedError[] = [];
  for (const [key, fields] of Object.entries(failure?.rowErrors ?? {})) {
    for (const [field, message] of Object.entries(fields)) atField[`${key}.${field}`] = message;
  }
  for (const [path, message] of Object.entries(failure?.fieldErrors ?? {})) {
    if (FIELD_PATHS.includes(path)) atField[path] = message;
    else unplaced.push({ path, message });
  }
  return { atField, unplaced };
}

function BatchFormView({ failure }: { failure: Failure | null }) {
  const { defaultLifetimeDays, maxCards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [nextRow, setNextRow] = useState(1);
  const [form, setForm] = useState<BatchForm>(() => ({
    mode: "redemption",
    email: "",
    phone: "",
    code: "",
    expiresOn: "",
    owner: "",
    publicKey: "",
    rows: [{ key: "row-0", name: "", imageUrl: "", videoUrl: "" }],
  }));
  // Fields changed since the last submit no longer show the error they were submitted with.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const submitting = navigation.state === "submitting";

  const { atField, unplaced } = placeErrors(failure);
  const hasFieldErrors = Object.keys(atField).length > 0;
  const errorAt = (field: string) => (edited.has(field) ? undefined : atField[field]);
  const setField = (field: keyof Omit<BatchForm, "rows" | "mode">, errorPath: string) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(errorPath));
  };
  const setRowField = (key: string, field: keyof Omit<CardRow, "key">) => (value: string) => {
    setForm((current) => ({ ...current, rows: current.rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)) }));
    setEdited((current) => new Set(current).add(`${key}.${field}`));
  };
  const addRow = () => {
    setForm((current) => ({ ...current, rows: [...current.rows, { key: `row-${nextRow}`, name: "", imageUrl: "", videoUrl: "" }] }));
    setNextRow((count) => count + 1);
  };
  const removeRow = (key: string) => setForm((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) }));
  const onSubmit = () => {
    setEdited(new Set());
    submit({ intent: "create", batch: JSON.stringify(form) }, { method: "post" });
  };

  const count = form.rows.length;
  return (
    // The server checks every field and answers inline; no browser bubbles.
    <Form onSubmit={onSubmit} noValidate>
      <Layout>
        {failure && (
          <Layout.Section>
            <FormErrorBanner
              title={t("cards.new.notCreated")}
              errors={unplaced.length ? unplaced : [{ path: "", message: hasFieldErrors ? t("cards.new.fixFields") : failure.message }]}
            />
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <ChoiceList
                title={t("cards.new.who")}
                selected={[form.mode]}
                onChange={([mode]) => setForm((current) => ({ ...current, mode: mode === "owner" ? "owner" : "redemption" }))}
                choices={[
                  {
                    label: t("cards.new.oneCode"),
                    value: "redemption",
                    helpText: t("cards.new.oneCodeHelp"),
                  },
                  {
                    label: t("cards.new.oneOwner"),
                    value: "owner",
                    helpText: t("cards.new.oneOwnerHelp"),
                  },
                ]}
              />
              <Divider />
              {form.mode === "redemption" ? (
                <FormLayout>
                  <FormLayout.Group>
                    <TextField
                      label={t("common.email")}
                      type="email"
                      value={form.email}
                      onChange={setField("email", "redemption.email")}
                      autoComplete="off"
                      placeholder="customer@example.com"
                      error={errorAt("redemption.email")}
                    />
                    <TextField
                      label={t("common.phone")}
                      type="tel"
                      value={form.phone}
                      onChange={setField("phone", "redemption.phone")}
                      autoComplete="off"
                      placeholder="+14155550123"
                      helpText={t("cards.new.phoneHelp")}
                      error={errorAt("redemption.phone")}
                    />
                  </FormLayout.Group>
                  <FormLayout.Group>
                    <TextField
                      label={t("cards.new.code")}
                      value={form.code}
                      onChange={setField("code", "redemption.code")}
                      autoComplete="off"
                      monospaced
                      helpText={t("cards.new.codeHelp")}
                      error={errorAt("redemption.code")}
                    />
                    <TextField
                      label={t("cards.new.expires")}
                      type="date"
                      value={form.expiresOn}
                      onChange={setField("expiresOn", "redemption.expiresAt")}
                      autoComplete="off"
                      helpText={t("cards.new.expiresHelp", { count: defaultLifetimeDays })}
                      error={errorAt("redemption.expiresAt")}
                    />
                  </FormLayout.Group>
                </FormLayout>
              ) : (
                <FormLayout>
                  <TextField
                    label={t("cards.new.owner")}
                    value={form.owner}
                    onChange={setField("owner", "owner")}
                    autoComplete="off"
                    placeholder="shopify|7364129087"
                    helpText={t("cards.new.ownerHelp")}
                    error={errorAt("owner")}
                  />
                  <TextField
                    label={t("common.walletPublicKey")}
                    value={form.publicKey}
                    onChange={setField("publicKey", "publicKey")}
                    autoComplete="off"
                    monospaced
                    helpText={t("cards.new.keyHelp")}
                    error={errorAt("publicKey")}
                  />
                </FormLayout>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h2" variant="headingMd">{t("cards.new.rows", { count })}</Text>
                <Button onClick={addRow} disabled={count >= maxCards}>{t("cards.new.addRow")}</Button>
              </InlineStack>
              {form.rows.map((row, index) => (
                // A group named by its heading, so each row's fields and errors read as that card's.
                <div role="group" aria-labelledby={`${row.key}-heading`} key={row.key}>
                <BlockStack gap="300">
                  {index > 0 && <Divider />}
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h3" variant="headingSm" id={`${row.key}-heading`}>{t("cards.new.row", { number: index + 1 })}</Text>
                    <Button
                      variant="plain"
                      tone="critical"
                      onClick={() => removeRow(row.key)}
                      disabled={count === 1}
                      accessibilityLabel={t("cards.new.removeRow", { number: index + 1 })}
                    >
                      {t("cards.new.remove")}
                    </Button>
                  </InlineStack>
                  <FormLayout>
                    <FormLayout.Group condensed>
                      <TextField
                        label={t("common.name")}
                        value={row.name}
                        onChange={setRowField(row.key, "name")}
                        autoComplete="off"
                        error={errorAt(`${row.key}.name`)}
                      />
                      <TextField
                        label={t("cards.new.imageUrl")}
                        type="url"
                        value={row.imageUrl}
                        onChange={setRowField(row.key, "imageUrl")}
                        autoComplete="off"
                        placeholder="https://"
                        error={errorAt(`${row.key}.imageUrl`)}
                      />
                      <TextField
                        label={t("cards.new.videoUrl")}
                        type="url"
                        value={row.videoUrl}
                        onChange={setRowField(row.key, "videoUrl")}
                        autoComplete="off"
                        placeholder="https://"
                        error={errorAt(`${row.key}.videoUrl`)}
                      />
                    </FormLayout.Group>
                  </FormLayout>
                </BlockStack>
                </div>
              ))}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <InlineStack align="end" gap="300">
            <Button url="/app/cards" disabled={submitting}>{t("common.cancel")}</Button>
            <Button submit variant="primary" loading={submitting}>
              {t("cards.new.submit", { count })}
            </Button>
          </InlineStack>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Form>
  );
}
