import { useNavigation, useSubmit } from "@remix-run/react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  ChoiceList,
  Divider,
  Form,
  FormLayout,
  InlineStack,
  Layout,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BatchForm, CardBatchFailure } from "~/faces/admin/card-batch-form.server";
import { RefusedFormBanner, type UnplacedError } from "../FormErrorBanner";
import { PlanLimitBanner } from "../PlanLimitBanner";
import { useFieldErrors } from "../use-field-errors";
import { FilesPicker } from "../FilesPicker";

type CardRow = BatchForm["rows"][number];

const FIELD_PATHS = ["redemption.email", "redemption.phone", "redemption.code", "redemption.expiresAt", "owner", "publicKey"];

/**
 * Puts each error of a refused batch at its field: a row's own errors come keyed
 * by its key and field, the recipient's by path (`redemption.email`); anything
 * else is listed above the form.
 */
function placeErrors(failure: CardBatchFailure | null): { atField: Record<string, string>; unplaced: UnplacedError[] } {
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

/** The Create cards form: one recipient (a code sent by e-mail/SMS, or an owner) and one row per card. */
export function CardBatchForm({
  failure,
  defaultLifetimeDays,
  maxCards,
}: {
  failure: CardBatchFailure | null;
  defaultLifetimeDays: number;
  maxCards: number;
}) {
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
  const submitting = navigation.state === "submitting";

  const { atField, unplaced } = placeErrors(failure);
  const { errorAt, hasFieldErrors, markEdited, resetEdited } = useFieldErrors(atField);
  const setField = (field: keyof Omit<BatchForm, "rows" | "mode">, errorPath: string) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    markEdited(errorPath);
  };
  const setRowField = (key: string, field: keyof Omit<CardRow, "key">) => (value: string) => {
    setForm((current) => ({ ...current, rows: current.rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)) }));
    markEdited(`${key}.${field}`);
  };
  // The row whose image is being picked from the shop's Files, if any.
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  const addRow = () => {
    setForm((current) => ({ ...current, rows: [...current.rows, { key: `row-${nextRow}`, name: "", imageUrl: "", videoUrl: "" }] }));
    setNextRow((count) => count + 1);
  };
  const removeRow = (key: string) => setForm((current) => ({ ...current, rows: current.rows.filter((row) => row.key !== key) }));
  const onSubmit = () => {
    resetEdited();
    submit({ intent: "create", batch: JSON.stringify(form) }, { method: "post" });
  };

  const count = form.rows.length;
  return (
    // The server checks every field and answers inline; no browser bubbles.
    <Form onSubmit={onSubmit} noValidate>
      <Layout>
        {failure?.planLimit && (
          <Layout.Section>
            <PlanLimitBanner message={failure.message} />
          </Layout.Section>
        )}
        {failure && !failure.planLimit && (
          <RefusedFormBanner
            title={t("cards.new.notCreated")}
            unplaced={unplaced}
            hasFieldErrors={hasFieldErrors}
            fixFields={t("cards.new.fixFields")}
            message={failure.message}
          />
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
                <Text as="h2" variant="headingMd">
                  {t("cards.new.rows", { count })}
                </Text>
                <Button onClick={addRow} disabled={count >= maxCards}>
                  {t("cards.new.addRow")}
                </Button>
              </InlineStack>
              {form.rows.map((row, index) => (
                // A group named by its heading, so each row's fields and errors read as that card's.
                <div role="group" aria-labelledby={`${row.key}-heading`} key={row.key}>
                  <BlockStack gap="300">
                    {index > 0 && <Divider />}
                    <InlineStack align="space-between" blockAlign="center">
                      <Text as="h3" variant="headingSm" id={`${row.key}-heading`}>
                        {t("cards.new.row", { number: index + 1 })}
                      </Text>
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
                          labelAction={{ content: t("files.choose"), onAction: () => setPickingFor(row.key) }}
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
            <Button url="/app/cards" disabled={submitting}>
              {t("common.cancel")}
            </Button>
            <Button submit variant="primary" loading={submitting}>
              {t("cards.new.submit", { count })}
            </Button>
          </InlineStack>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
      <FilesPicker
        open={pickingFor !== null}
        onClose={() => setPickingFor(null)}
        onPick={(url) => pickingFor && setRowField(pickingFor, "imageUrl")(url)}
      />
    </Form>
  );
}
