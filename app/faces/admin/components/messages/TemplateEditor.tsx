import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, FormLayout, InlineStack, Tabs, Text, TextField } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessagePreview as Preview } from "~/faces/admin/message-preview.server";
import { MessagePreview } from "./MessagePreview";

interface Draft {
  subject: string;
  emailBody: string;
  smsBody: string;
}

interface TemplateData extends Draft {
  language: "en" | "fr";
  customized: boolean;
  preview: Preview;
}

type Answer<T> =
  { intent: string; ok: true; data: T } | { intent: string; ok: false; message: string; fieldErrors: Record<string, string> };

const PREVIEW_DELAY_MS = 400;

/** Subject, e-mail body and SMS per language, with a live preview, save, reset and "Send me a test". */
export function TemplateEditor({ templates, testTo }: { templates: TemplateData[]; testTo: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const template = templates[selected]!;
  return (
    <Card padding="0">
      <Tabs
        tabs={templates.map((each) => ({
          id: `template-${each.language}`,
          content: t(`messages.language.${each.language}`),
          panelID: `template-${each.language}-panel`,
        }))}
        selected={selected}
        onSelect={setSelected}
      />
      {/* One editor per language, kept while the merchant switches tabs would lose nothing unsaved: keyed, and both mounted. */}
      {templates.map((each, index) => (
        <div key={each.language} id={`template-${each.language}-panel`} hidden={index !== selected}>
          <LanguageTemplate template={each} testTo={testTo} active={each === template} />
        </div>
      ))}
    </Card>
  );
}

function LanguageTemplate({ template, testTo: initialTestTo, active }: { template: TemplateData; testTo: string; active: boolean }) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const preview = useFetcher<Answer<Preview>>();
  const save = useFetcher<Answer<Preview>>();
  const reset = useFetcher<Answer<{ template: Draft; preview: Preview }>>();
  const test = useFetcher<Answer<{ channel: string; to: string }>>();
  const [draft, setDraft] = useState<Draft>({ subject: template.subject, emailBody: template.emailBody, smsBody: template.smsBody });
  const [testTo, setTestTo] = useState(initialTestTo);
  const [saveErrorsShown, setSaveErrorsShown] = useState(false);
  const edits = useRef(0);

  const fields = useCallback(
    (intent: string, extra: Record<string, string> = {}) => ({ intent, language: template.language, ...draft, ...extra }),
    [draft, template.language],
  );

  // The live preview: the draft rendered by the server a moment after the merchant stops typing.
  useEffect(() => {
    if (edits.current === 0) return;
    const timer = setTimeout(() => preview.submit(fields("preview"), { method: "post" }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher's identity changes with its state
  }, [draft]);

  useEffect(() => {
    if (save.state !== "idle" || !save.data) return;
    setSaveErrorsShown(!save.data.ok);
    shopify.toast.show(save.data.ok ? t("messages.saved") : t("messages.notSaved"), { isError: !save.data.ok });
  }, [save.state, save.data, shopify, t]);

  useEffect(() => {
    if (reset.state !== "idle" || !reset.data?.ok) return;
    setDraft(reset.data.data.template);
    shopify.toast.show(t("messages.resetDone"));
  }, [reset.state, reset.data, shopify, t]);

  useEffect(() => {
    if (test.state !== "idle" || !test.data) return;
    if (test.data.ok) shopify.toast.show(t("messages.testSent", { to: test.data.data.to }));
  }, [test.state, test.data, shopify, t]);

  const edit = (field: keyof Draft) => (value: string) => {
    edits.current++;
    setSaveErrorsShown(false);
    setDraft((current) => ({ ...current, [field]: value }));
  };

  const latest = [
    save.data?.ok ? save.data.data : null,
    preview.data?.ok ? preview.data.data : null,
    reset.data?.ok ? reset.data.data.preview : null,
  ].filter((candidate): candidate is Preview => candidate !== null);
  const shown = (edits.current > 0 && preview.data?.ok ? preview.data.data : latest[0]) ?? template.preview;
  const saveFailed = saveErrorsShown && save.data && !save.data.ok ? save.data.fieldErrors : {};
  const errorAt = (field: string) => saveFailed[field] ?? shown.fieldErrors[field];
  const testFailed = test.state === "idle" && test.data && !test.data.ok ? test.data : null;
  const { smsLength } = shown;

  return (
    <div style={{ padding: "var(--p-space-400)" }}>
      <BlockStack gap="500">
        <save.Form method="post" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="language" value={template.language} />
          <FormLayout>
            <TextField
              label={t("messages.subject")}
              name="subject"
              value={draft.subject}
              onChange={edit("subject")}
              autoComplete="off"
              monospaced
              error={errorAt("subject")}
            />
            <TextField
              label={t("messages.emailBody")}
              name="emailBody"
              value={draft.emailBody}
              onChange={edit("emailBody")}
              autoComplete="off"
              multiline={8}
              monospaced
              helpText={t("messages.emailBodyHelp")}
              error={errorAt("emailBody")}
            />
            <TextField
              label={t("messages.smsBody")}
              name="smsBody"
              value={draft.smsBody}
              onChange={edit("smsBody")}
              autoComplete="off"
              multiline={3}
              monospaced
              helpText={t(smsLength.encoding === "GSM-7" ? "messages.smsLengthGsm" : "messages.smsLengthUcs", {
                count: smsLength.segments,
                length: smsLength.length,
              })}
              error={errorAt("smsBody")}
            />
            <InlineStack align="end" gap="200">
              <Button
                disabled={!template.customized && edits.current === 0}
                loading={reset.state !== "idle"}
                onClick={() => reset.submit({ intent: "reset", language: template.language }, { method: "post" })}
              >
                {t("messages.reset")}
              </Button>
              <Button submit variant="primary" loading={save.state !== "idle"}>
                {t("messages.save")}
              </Button>
            </InlineStack>
          </FormLayout>
        </save.Form>
        {active && <MessagePreview preview={shown} />}
        <test.Form method="post" noValidate>
          {Object.entries(fields("test")).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormLayout>
            <Text as="h3" variant="headingSm">
              {t("messages.testTitle")}
            </Text>
            <TextField
              label={t("messages.testTo")}
              name="testTo"
              value={testTo}
              onChange={setTestTo}
              autoComplete="email"
              helpText={t("messages.testHelp")}
              error={testFailed?.fieldErrors.testTo ?? (testFailed && !testFailed.fieldErrors.testTo ? testFailed.message : undefined)}
              connectedRight={
                <Button submit loading={test.state !== "idle"}>
                  {t("messages.sendTest")}
                </Button>
              }
            />
          </FormLayout>
        </test.Form>
      </BlockStack>
    </div>
  );
}
