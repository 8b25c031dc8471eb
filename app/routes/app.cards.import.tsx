import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  DropZone,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { MAX_IMPORT_ROWS } from "~/domain/card-import.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_BYTES } from "~/faces/admin/card-import-limits";
import { PlanLimitBanner } from "~/faces/admin/components/PlanLimitBanner";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";
import { useDownload } from "~/faces/admin/components/useDownload";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("cardImport.title");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  // With "View test data" on, imported cards are test cards, as Create cards makes them (decision 0036).
  return { maxRows: MAX_IMPORT_ROWS, livemode: await adminLivemode(session.shop) };
};

interface RowError {
  row: number;
  column: string;
  message: string;
}

/** What the free plan leaves this month, as the preview says it (null: no monthly cap). */
interface PlanAnswer {
  fits: boolean;
  message: string;
}

type Step =
  | { kind: "choose" }
  | { kind: "checking" }
  | { kind: "refused"; message: string; planLimit?: boolean }
  | { kind: "errors"; errorCount: number; errors: RowError[] }
  | { kind: "ready"; file: File; rows: number; owners: number; redemptions: number; plan: PlanAnswer | null }
  | { kind: "importing"; done: number; total: number }
  | { kind: "imported"; count: number };

/** Import CSV: choose a file, see every row's errors or the counts (nothing written), then import it whole. */
export default function ImportCards() {
  const { maxRows, livemode } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const format = useFormat();
  const example = useDownload(t("cardImport.exampleFailed"));

  const send = (file: File, intent: "preview" | "import") =>
    fetch(`${IMPORT_UPLOAD_PATH}?intent=${intent}`, { method: "POST", body: file, headers: { "Content-Type": "text/csv" } });

  const check = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES)
      return setStep({ kind: "refused", message: t("cardImport.file.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 }) });
    setStep({ kind: "checking" });
    try {
      const answer = (await (await send(file, "preview")).json()) as Record<string, unknown>;
      if (typeof answer.error === "string") setStep({ kind: "refused", message: answer.error });
      else if (Array.isArray(answer.errors))
        setStep({ kind: "errors", errorCount: answer.errorCount as number, errors: answer.errors as RowError[] });
      else
        setStep({
          kind: "ready",
          file,
          rows: answer.rows as number,
          owners: answer.owners as number,
          redemptions: answer.redemptions as number,
          plan: (answer.plan as PlanAnswer | null | undefined) ?? null,
        });
    } catch {
      setStep({ kind: "refused", message: t("cardImport.unreachable") });
    }
  };

  const run = async (file: File, total: number) => {
    setStep({ kind: "importing", done: 0, total });
    try {
      const response = await send(file, "import");
      if (!response.ok || !response.body) {
        const answer = (await response.json().catch(() => ({}))) as { error?: string; planLimit?: boolean };
        return setStep({ kind: "refused", message: answer.error ?? t("cardImport.failed"), planLimit: answer.planLimit });
      }
      let ended: Step = { kind: "refused", message: t("cardImport.failed") };
      for await (const line of lines(response.body)) {
        const update = JSON.parse(line) as { done?: number; total?: number; imported?: number; failed?: string; planLimit?: boolean };
        if (update.failed) ended = { kind: "refused", message: update.failed, planLimit: update.planLimit };
        else if (update.imported !== undefined) ended = { kind: "imported", count: update.imported };
        else setStep({ kind: "importing", done: update.done ?? 0, total: update.total ?? total });
      }
      setStep(ended);
    } catch {
      setStep({ kind: "refused", message: t("cardImport.unreachable") });
    }
  };

  return (
    <Page title={t("cardImport.title")} backAction={{ content: t("cards.title"), url: "/app/cards" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {!livemode && (
              <Banner tone="info" title={t("testData.newCardsTitle")}>
                <p>{t("testData.newCardsBody")}</p>
              </Banner>
            )}
            <Card>
              <BlockStack gap="300">
                <Text as="p">{t("cardImport.intro", { max: format.number(maxRows) })}</Text>
                <Text as="p" tone="subdued">
                  {t("cardImport.columns")}
                </Text>
                <InlineStack>
                  <Button
                    variant="plain"
                    loading={example.busy}
                    onClick={() => void example.download("/app/cards/import-example", "twin-cards-import-example.csv")}
                  >
                    {t("cardImport.example")}
                  </Button>
                </InlineStack>
                {step.kind !== "importing" && step.kind !== "imported" && (
                  <DropZone
                    accept=".csv,text/csv"
                    type="file"
                    allowMultiple={false}
                    label={t("cardImport.action")}
                    labelHidden
                    disabled={step.kind === "checking"}
                    onDropAccepted={(files) => files[0] && void check(files[0])}
                    onDropRejected={() => setStep({ kind: "refused", message: t("cardImport.file.notCsv") })}
                  >
                    <DropZone.FileUpload actionHint={t("cardImport.dropHint")} />
                  </DropZone>
                )}
              </BlockStack>
            </Card>
            <Outcome step={step} onImport={run} onAgain={() => setStep({ kind: "choose" })} />
          </BlockStack>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function Outcome({ step, onImport, onAgain }: { step: Step; onImport: (file: File, total: number) => void; onAgain: () => void }) {
  const { t } = useTranslation();
  switch (step.kind) {
    case "checking":
      return (
        <Card>
          <Text as="p">{t("cardImport.checking")}</Text>
        </Card>
      );
    case "refused":
      if (step.planLimit) return <PlanLimitBanner message={step.message} />;
      return (
        <Banner tone="critical" title={t("cardImport.refusedTitle")}>
          <p>{step.message}</p>
        </Banner>
      );
    case "errors":
      return (
        <Card>
          <BlockStack gap="300">
            <Banner tone="critical" title={t("cardImport.errorsTitle", { count: step.errorCount })}>
              <p>
                {t("cardImport.errorsBody")}
                {step.errors.length < step.errorCount ? ` ${t("cardImport.errorsMore", { shown: step.errors.length })}` : ""}
              </p>
            </Banner>
            <ResponsiveIndexTable
              selectable={false}
              itemCount={step.errors.length}
              resourceName={{ singular: t("cardImport.problem"), plural: t("cardImport.problem") }}
              headings={[{ title: t("cardImport.row") }, { title: t("cardImport.column") }, { title: t("cardImport.problem") }]}
            >
              {step.errors.map((error, index) => (
                <IndexTable.Row id={String(index)} key={index} position={index}>
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {t("cardImport.rowNumber", { row: error.row })}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span">{error.column}</Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" breakWord>
                      {error.message}
                    </Text>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ResponsiveIndexTable>
          </BlockStack>
        </Card>
      );
    case "ready":
      return (
        <Card>
          <BlockStack gap="300">
            {step.plan && !step.plan.fits ? (
              <Banner
                tone="warning"
                title={t("cardImport.plan.overTitle")}
                action={{ content: t("billing.limitAction"), url: "/app/settings#plan" }}
              >
                <p>{step.plan.message}</p>
              </Banner>
            ) : (
              <>
                <Text as="p">{t("cardImport.ready", { count: step.rows, owners: step.owners, redemptions: step.redemptions })}</Text>
                {step.plan && (
                  <Text as="p" tone="subdued">
                    {step.plan.message}
                  </Text>
                )}
                <InlineStack>
                  <Button variant="primary" onClick={() => onImport(step.file, step.rows)}>
                    {t("cardImport.import", { count: step.rows })}
                  </Button>
                </InlineStack>
              </>
            )}
          </BlockStack>
        </Card>
      );
    case "importing":
      return (
        <Card>
          <BlockStack gap="200">
            <Text as="p">{t("cardImport.importing", { done: step.done, total: step.total })}</Text>
            <ProgressBar progress={step.total ? (100 * step.done) / step.total : 0} ariaLabelledBy="" />
          </BlockStack>
        </Card>
      );
    case "imported":
      return (
        <Banner
          tone="success"
          title={t("cardImport.imported", { count: step.count })}
          action={{ content: t("cardImport.viewCards"), url: "/app/cards" }}
          secondaryAction={{ content: t("cardImport.another"), onAction: onAgain }}
        />
      );
    default:
      return null;
  }
}

/** The lines of a streamed answer, as they arrive. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    yield* parts.filter(Boolean);
  }
  if (buffered.trim()) yield buffered;
}
