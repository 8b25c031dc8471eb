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
import { type ActionResult, readForm, runIntent } from "~/admin/action-result.server";
import { CardStatusBadge } from "~/components/CardStatusBadge";
import { CopyButton } from "~/components/CopyButton";
import { FormErrorBanner, type UnplacedError } from "~/components/FormErrorBanner";
import { MediaThumbnail } from "~/components/MediaThumbnail";
import { createCardBatch, DEFAULT_CODE_LIFETIME_DAYS } from "~/domain/cards.server";
import { MAX_BATCH_CARDS } from "~/domain/schemas";
import { authenticate } from "~/shopify.server";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";

/** What the page edits; the action turns it into the /v1 batch body. */
interface BatchForm {
  mode: "redemption" | "owner";
  email: string;
  phone: string;
  code: string;
  expiresOn: string;
  owner: string;
  publicKey: string;
  rows: CardRow[];
}

interface CardRow {
  /** Stable across edits, so errors stay on their row when another row is removed. */
  key: string;
  name: string;
  imageUrl: string;
  videoUrl: string;
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return { defaultLifetimeDays: DEFAULT_CODE_LIFETIME_DAYS, maxCards: MAX_BATCH_CARDS };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const data = await readForm(request);
  if (data.get("intent") !== "create") throw new Response("Unknown intent", { status: 400 });
  const form = readBatchForm(data.get("batch"));
  if (!form) return { ...unreadable, rowKeys: [] };
  const result = await runIntent("create", () => createCardBatch(session.shop, toBatchBody(form)));
  return { ...result, rowKeys: form.rows.map((row) => row.key) };
};

const unreadable: ActionResult<never> = {
  intent: "create",
  ok: false,
  message: "The form could not be read. Reload the page and try again.",
  fieldErrors: {},
};

function readBatchForm(raw: FormDataEntryValue | null): BatchForm | null {
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const input = value as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === "string" ? field : "");
  const rows = Array.isArray(input.rows) ? input.rows : [];
  return {
    mode: input.mode === "owner" ? "owner" : "redemption",
    email: text(input.email),
    phone: text(input.phone),
    code: text(input.code),
    expiresOn: text(input.expiresOn),
    owner: text(input.owner),
    publicKey: text(input.publicKey),
    rows: rows.map((row: Record<string, unknown> | null, index) => ({
      key: text(row?.key) || String(index),
      name: text(row?.name),
      imageUrl: text(row?.imageUrl),
      videoUrl: text(row?.videoUrl),
    })),
  };
}

/** The same body POST /v1/unit-cards/_actions/batch takes; empty optional fields are left out. */
function toBatchBody(form: BatchForm) {
  const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());
  const list = (value: string) => (value.trim() === "" ? [] : [value.trim()]);
  const cards = form.rows.map((row) => ({
    name: row.name,
    media: { imageUrls: list(row.imageUrl), videoUrls: list(row.videoUrl) },
  }));
  if (form.mode === "owner") return { owner: form.owner.trim(), publicKey: form.publicKey.trim(), cards };
  const expiresOn = optional(form.expiresOn);
  return {
    redemption: {
      email: optional(form.email),
      phone: optional(form.phone),
      code: optional(form.code),
      // A date picker gives a day; the code works until that day ends (UTC).
      expiresAt: expiresOn && /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? `${expiresOn}T23:59:59Z` : expiresOn,
    },
    cards,
  };
}

type ActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

export default function NewCards() {
  const result = useActionData<typeof action>();
  const shopify = useAppBridge();
  const [dismissed, setDismissed] = useState<ActionData | null>(null);
  const created = result?.ok ? result.data : null;

  useEffect(() => {
    if (created) shopify.toast.show(`${created.length} ${created.length === 1 ? "card" : "cards"} created`);
  }, [created, shopify]);

  return (
    <Page title="Create cards" backAction={{ content: "Cards", url: "/app/cards" }}>
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
  const redemption = cards[0]?.redemption;
  const sentTo = [redemption?.email, redemption?.phone].filter(Boolean).join(" and ");
  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          <Banner tone="success" title={`${cards.length} ${cards.length === 1 ? "card" : "cards"} created`}>
            {redemption?.code ? (
              <BlockStack gap="300">
                <Text as="p">
                  The customer claims {cards.length === 1 ? "the card" : "all of them"} with this redemption code
                  {sentTo ? `, sent to ${sentTo}` : ""}. It is shown only this once: copy it now if you need it.
                </Text>
                <Box maxWidth="420px">
                  <TextField
                    label="Redemption code"
                    labelHidden
                    value={redemption.code}
                    readOnly
                    monospaced
                    autoComplete="off"
                    selectTextOnFocus
                    connectedRight={<CopyButton value={redemption.code} label="Copy code" copiedMessage="Redemption code copied" />}
                  />
                </Box>
              </BlockStack>
            ) : (
              <Text as="p">{cards.length === 1 ? "The card belongs" : "The cards belong"} to {cards[0]?.owner} now.</Text>
            )}
          </Banner>
          <Card padding="0">
            <ResponsiveIndexTable
              resourceName={{ singular: "card", plural: "cards" }}
              itemCount={cards.length}
              selectable={false}
              headings={[{ title: "Card" }, { title: "Status" }, { title: "ID" }]}
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
            <Button url="/app/cards">View all cards</Button>
            <Button variant="primary" onClick={onCreateMore}>Create more cards</Button>
          </InlineStack>
        </BlockStack>
      </Layout.Section>
    </Layout>
  );
}

type Failure = Extract<ActionData, { ok: false }>;

const FIELD_PATHS = ["redemption.email", "redemption.phone", "redemption.code", "redemption.expiresAt", "owner", "publicKey"];
const ROW_FIELDS: Record<string, keyof Omit<CardRow, "key">> = { name: "name", "media.imageUrls": "imageUrl", "media.videoUrls": "videoUrl" };

/**
 * Puts each error of a failed batch at its field: `cards[2].name` on row 3's
 * name, `cards[0].media.imageUrls[0]` on row 1's image, `redemption.email` on
 * the e-mail. Rows are found by the keys they had when submitted.
 */
function placeErrors(failure: Failure | null): { atField: Record<string, string>; unplaced: UnplacedError[] } {
  const atField: Record<string, string> = {};
  const unplaced: UnplacedError[] = [];
  for (const [path, message] of Object.entries(failure?.fieldErrors ?? {})) {
    const row = /^cards\[(\d+)\]\.(name|media\.imageUrls|media\.videoUrls)(?:\[\d+\])?$/.exec(path);
    const rowKey = row && failure?.rowKeys[Number(row[1])];
    const rowField = row && ROW_FIELDS[row[2]!];
    if (rowKey && rowField) atField[`${rowKey}.${rowField}`] ??= message;
    else if (FIELD_PATHS.includes(path)) atField[path] = message;
    else unplaced.push({ path, message });
  }
  return { atField, unplaced };
}

function BatchFormView({ failure }: { failure: Failure | null }) {
  const { defaultLifetimeDays, maxCards } = useLoaderData<typeof loader>();
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
              title="The cards weren’t created"
              errors={unplaced.length ? unplaced : [{ path: "", message: hasFieldErrors ? "Fix the fields marked below and try again. Nothing was saved." : failure.message }]}
            />
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <ChoiceList
                title="Who receives the cards"
                selected={[form.mode]}
                onChange={([mode]) => setForm((current) => ({ ...current, mode: mode === "owner" ? "owner" : "redemption" }))}
                choices={[
                  {
                    label: "One redemption code",
                    value: "redemption",
                    helpText: "The customer gets one code by e-mail and/or SMS and claims every card with it.",
                  },
                  {
                    label: "One owner",
                    value: "owner",
                    helpText: "The cards belong to a known owner and wallet right away.",
                  },
                ]}
              />
              <Divider />
              {form.mode === "redemption" ? (
                <FormLayout>
                  <FormLayout.Group>
                    <TextField
                      label="E-mail"
                      type="email"
                      value={form.email}
                      onChange={setField("email", "redemption.email")}
                      autoComplete="off"
                      placeholder="customer@example.com"
                      error={errorAt("redemption.email")}
                    />
                    <TextField
                      label="Phone"
                      type="tel"
                      value={form.phone}
                      onChange={setField("phone", "redemption.phone")}
                      autoComplete="off"
                      placeholder="+14155550123"
                      helpText="International format. Give an e-mail, a phone, or both."
                      error={errorAt("redemption.phone")}
                    />
                  </FormLayout.Group>
                  <FormLayout.Group>
                    <TextField
                      label="Redemption code (optional)"
                      value={form.code}
                      onChange={setField("code", "redemption.code")}
                      autoComplete="off"
                      monospaced
                      helpText="At least 8 letters or digits. Leave empty to generate a secure code."
                      error={errorAt("redemption.code")}
                    />
                    <TextField
                      label="Code expires on (optional)"
                      type="date"
                      value={form.expiresOn}
                      onChange={setField("expiresOn", "redemption.expiresAt")}
                      autoComplete="off"
                      helpText={`At the end of that day (UTC). Default: ${defaultLifetimeDays} days from now.`}
                      error={errorAt("redemption.expiresAt")}
                    />
                  </FormLayout.Group>
                </FormLayout>
              ) : (
                <FormLayout>
                  <TextField
                    label="Owner"
                    value={form.owner}
                    onChange={setField("owner", "owner")}
                    autoComplete="off"
                    placeholder="shopify|7364129087"
                    helpText="<provider>|<id>, e.g. shopify| followed by a Shopify customer ID."
                    error={errorAt("owner")}
                  />
                  <TextField
                    label="Wallet public key"
                    value={form.publicKey}
                    onChange={setField("publicKey", "publicKey")}
                    autoComplete="off"
                    monospaced
                    helpText="The owner's Solana wallet address (base58)."
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
                <Text as="h2" variant="headingMd">Cards ({count})</Text>
                <Button onClick={addRow} disabled={count >= maxCards}>Add card</Button>
              </InlineStack>
              {form.rows.map((row, index) => (
                <BlockStack gap="300" key={row.key}>
                  {index > 0 && <Divider />}
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h3" variant="headingSm">Card {index + 1}</Text>
                    <Button
                      variant="plain"
                      tone="critical"
                      onClick={() => removeRow(row.key)}
                      disabled={count === 1}
                      accessibilityLabel={`Remove card ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </InlineStack>
                  <FormLayout>
                    <FormLayout.Group condensed>
                      <TextField
                        label="Name"
                        value={row.name}
                        onChange={setRowField(row.key, "name")}
                        autoComplete="off"
                        error={errorAt(`${row.key}.name`)}
                      />
                      <TextField
                        label="Image URL"
                        type="url"
                        value={row.imageUrl}
                        onChange={setRowField(row.key, "imageUrl")}
                        autoComplete="off"
                        placeholder="https://"
                        error={errorAt(`${row.key}.imageUrl`)}
                      />
                      <TextField
                        label="Video URL (optional)"
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
              ))}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <InlineStack align="end" gap="300">
            <Button url="/app/cards" disabled={submitting}>Cancel</Button>
            <Button submit variant="primary" loading={submitting}>
              {`Create ${count} ${count === 1 ? "card" : "cards"}`}
            </Button>
          </InlineStack>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Form>
  );
}
