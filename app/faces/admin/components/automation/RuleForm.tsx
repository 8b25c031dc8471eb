import { useNavigation, useSubmit } from "@remix-run/react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  Form,
  FormLayout,
  InlineStack,
  Layout,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionResult } from "~/faces/admin/action-result.server";
import type { MetadataRow, RuleForm as RuleFormValues } from "~/faces/admin/rule-form.server";
import { RefusedFormBanner, type UnplacedError } from "../FormErrorBanner";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { useFieldErrors } from "../use-field-errors";
import { FilesPicker } from "../FilesPicker";
import { MetadataEditor } from "./MetadataEditor";
import { TargetPicker } from "./TargetPicker";

export type RuleFailure = Extract<ActionResult<never>, { ok: false }>;

/** Where each error path of the domain (issuingRuleInput) shows: the form field that holds it. */
function fieldOf(path: string): string | null {
  if (path.startsWith("target")) return "target";
  if (["trigger", "issueTwin", "cardPerUnit", "editionSize"].includes(path)) return path;
  if (path === "card" || path === "card.name") return "name";
  if (path.startsWith("card.media.imageUrls")) return "imageUrls";
  if (path.startsWith("card.media.videoUrls")) return "videoUrls";
  const entry = /^card\.metadata\[(\d+)\]\.(key|value|metaType)/.exec(path);
  if (entry) return `metadata.${entry[1]}.${entry[2]}`;
  return null;
}

function placeErrors(failure: RuleFailure | null): { atField: Record<string, string>; unplaced: UnplacedError[] } {
  const atField: Record<string, string> = {};
  const unplaced: UnplacedError[] = [];
  for (const [path, message] of Object.entries(failure?.fieldErrors ?? {})) {
    const field = fieldOf(path);
    if (field) atField[field] ??= message;
    else unplaced.push({ path, message });
  }
  return { atField, unplaced };
}

/** An issuing rule: its target, when it fires, and what each order line issues (a twin, a card from a template, or both). */
export function RuleForm({
  targetImage = null,
  initial,
  failure,
  cancelUrl,
  issued = 0,
}: {
  /** The saved target's picture, if it has one. */
  targetImage?: string | null;
  initial: RuleFormValues;
  failure: RuleFailure | null;
  cancelUrl: string;
  /** How many the rule's edition has issued: its size may not go below. */
  issued?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [form, setForm] = useState<RuleFormValues>(initial);
  const [nextRow, setNextRow] = useState(0);
  const [pickingImage, setPickingImage] = useState(false);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";

  const { atField, unplaced } = placeErrors(failure);
  const { errorAt, hasFieldErrors, markEdited, resetEdited } = useFieldErrors(atField);
  const change = (changes: Partial<RuleFormValues>, ...fields: string[]) => {
    setForm((current) => ({ ...current, ...changes }));
    markEdited(...fields);
  };
  const indexOf = (id: string) => form.metadata.findIndex((row) => row.id === id);
  const changeRow = (id: string, changes: Partial<Omit<MetadataRow, "id">>) => {
    const index = indexOf(id);
    setForm((current) => ({ ...current, metadata: current.metadata.map((row) => (row.id === id ? { ...row, ...changes } : row)) }));
    markEdited(...Object.keys(changes).map((field) => `metadata.${index}.${field}`));
  };
  const addRow = () => {
    setForm((current) => ({
      ...current,
      metadata: [...current.metadata, { id: `entry-${nextRow}`, key: "", value: "", metaType: "NO_TYPE", private: false }],
    }));
    setNextRow((count) => count + 1);
  };
  // Errors are by position: once a row is gone, the positions they named no longer match.
  const removeRow = (id: string) => {
    setForm((current) => ({ ...current, metadata: current.metadata.filter((row) => row.id !== id) }));
    markEdited(...Object.keys(atField).filter((field) => field.startsWith("metadata.")));
  };
  const onSubmit = () => {
    resetEdited();
    submit({ intent: "save", rule: JSON.stringify(form) }, { method: "post" });
  };

  return (
    // The server checks every field and answers inline; no browser bubbles.
    <Form onSubmit={onSubmit} noValidate>
      <Layout>
        {failure && (
          <RefusedFormBanner
            title={t("automation.form.notSaved")}
            unplaced={unplaced}
            hasFieldErrors={hasFieldErrors}
            fixFields={t("automation.form.fixFields")}
            message={failure.message}
          />
        )}
        <Layout.Section>
          <Card>
            <FormLayout>
              <TargetPicker
                savedImage={targetImage}
                value={form}
                onChange={(target) => change(target, "target")}
                error={errorAt("target")}
              />
              <ChoiceList
                title={t("automation.form.trigger")}
                selected={[form.trigger]}
                onChange={([trigger]) => change({ trigger: trigger === "FULFILLED" ? "FULFILLED" : "PAID" }, "trigger")}
                choices={[
                  { label: t("automation.trigger.PAID"), value: "PAID", helpText: t("automation.form.paidHelp") },
                  { label: t("automation.trigger.FULFILLED"), value: "FULFILLED", helpText: t("automation.form.fulfilledHelp") },
                ]}
                error={errorAt("trigger")}
              />
            </FormLayout>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                {t("automation.form.what")}
              </Text>
              <Checkbox
                label={t("automation.form.issueTwin")}
                helpText={t("automation.form.issueTwinHelp")}
                checked={form.issueTwin}
                onChange={(issueTwin) => change({ issueTwin }, "issueTwin")}
                error={errorAt("issueTwin")}
              />
              <Checkbox
                label={t("automation.form.issueCard")}
                helpText={t("automation.form.issueCardHelp")}
                checked={form.issueCard}
                onChange={(issueCard) => change({ issueCard }, "issueTwin")}
              />
              <TextField
                label={t("automation.form.editionSize")}
                value={form.editionSize}
                onChange={(editionSize) => change({ editionSize }, "editionSize")}
                inputMode="numeric"
                autoComplete="off"
                helpText={[
                  t("automation.form.editionSizeHelp"),
                  issued > 0 ? t("automation.form.editionIssued", { issued: format.number(issued) }) : "",
                ]
                  .join(" ")
                  .trim()}
                error={errorAt("editionSize")}
              />
            </BlockStack>
          </Card>
        </Layout.Section>
        {form.issueCard && (
          <Layout.Section>
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  {t("automation.form.template")}
                </Text>
                <FormLayout>
                  <TextField
                    label={t("automation.form.cardName")}
                    value={form.name}
                    onChange={(name) => change({ name }, "name")}
                    autoComplete="off"
                    error={errorAt("name")}
                  />
                  <FormLayout.Group>
                    <TextField
                      label={t("automation.form.imageUrls")}
                      value={form.imageUrls}
                      onChange={(imageUrls) => change({ imageUrls }, "imageUrls")}
                      multiline={2}
                      autoComplete="off"
                      placeholder="https://"
                      helpText={t("common.oneUrlPerLine")}
                      labelAction={{ content: t("files.choose"), onAction: () => setPickingImage(true) }}
                      error={errorAt("imageUrls")}
                    />
                    <TextField
                      label={t("automation.form.videoUrls")}
                      value={form.videoUrls}
                      onChange={(videoUrls) => change({ videoUrls }, "videoUrls")}
                      multiline={2}
                      autoComplete="off"
                      placeholder="https://"
                      helpText={t("common.oneUrlPerLine")}
                      error={errorAt("videoUrls")}
                    />
                  </FormLayout.Group>
                  <ChoiceList
                    title={t("automation.form.issueCard")}
                    titleHidden
                    selected={[form.cardPerUnit ? "unit" : "line"]}
                    onChange={([choice]) => change({ cardPerUnit: choice !== "line" }, "cardPerUnit")}
                    choices={[
                      { label: t("automation.form.perUnit"), value: "unit", helpText: t("automation.form.perUnitHelp") },
                      { label: t("automation.form.perLine"), value: "line", helpText: t("automation.form.perLineHelp") },
                    ]}
                    error={errorAt("cardPerUnit")}
                  />
                </FormLayout>
                <MetadataEditor
                  rows={form.metadata}
                  onChange={changeRow}
                  onAdd={addRow}
                  onRemove={removeRow}
                  errorAt={(index, field) => errorAt(`metadata.${index}.${field}`)}
                />
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
        <Layout.Section>
          <InlineStack align="end" gap="300">
            <Button url={cancelUrl} disabled={saving}>
              {t("common.cancel")}
            </Button>
            <Button submit variant="primary" loading={saving}>
              {t("automation.form.save")}
            </Button>
          </InlineStack>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
      <FilesPicker
        open={pickingImage}
        onClose={() => setPickingImage(false)}
        onPick={(url) => change({ imageUrls: [form.imageUrls.trim(), url].filter(Boolean).join("\n") }, "imageUrls")}
      />
    </Form>
  );
}
