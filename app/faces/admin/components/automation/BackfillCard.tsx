import type { SerializeFrom } from "@remix-run/node";
import { useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, InlineStack, ProgressBar, Spinner, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BackfillView } from "~/domain/backfills.server";
import { useIntentFetcher } from "../customer/use-intent-fetcher";

/** How often the page looks again while the orders are counted or issued. */
const REFRESH_MS = 1500;

/**
 * Apply to past orders (decision 0051): the merchant picks "orders paid in the
 * last N days", sees how many the rule would issue for, confirms, and follows
 * the order worker's progress to the end, with the counts.
 */
export function BackfillCard({
  backfill,
  unavailable,
}: {
  backfill: SerializeFrom<BackfillView> | null;
  /** Why the rule cannot be applied to past orders (it issues at fulfilment, or is paused); null when it can. */
  unavailable: string | null;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState(String(backfill?.days ?? 30));
  const preview = useIntentFetcher("backfill-preview");
  const confirm = useIntentFetcher("backfill-confirm", () => t("automation.backfill.started"));
  const discard = useIntentFetcher("backfill-discard");
  const revalidator = useRevalidator();
  const phase = backfill?.phase;
  const working = phase === "LISTING" || phase === "BULK" || phase === "ISSUING";

  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  const refused = confirm.message ?? discard.message ?? (preview.fieldErrors.days ? undefined : preview.message);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("automation.backfill.title")}
        </Text>
        {unavailable ? (
          <Text as="p" tone="subdued">
            {unavailable}
          </Text>
        ) : (
          <>
            <Text as="p" tone="subdued">
              {t("automation.backfill.intro")}
            </Text>
            {refused ? <Banner tone="critical" title={refused} /> : null}
            {phase === "LISTING" || phase === "BULK" ? (
              <InlineStack gap="200" blockAlign="center">
                <Spinner size="small" accessibilityLabel={t("automation.backfill.counting", { days: backfill!.days })} />
                <Text as="p">{t("automation.backfill.counting", { days: backfill!.days })}</Text>
                <discard.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="backfill-discard" />
                  <Button submit variant="plain" loading={discard.busy}>
                    {t("automation.backfill.discard")}
                  </Button>
                </discard.fetcher.Form>
              </InlineStack>
            ) : phase === "READY" ? (
              <BlockStack gap="200">
                <Text as="p" variant="headingSm">
                  {t("automation.backfill.preview", { count: backfill!.eligible, days: backfill!.days })}
                </Text>
                {backfill!.skipped > 0 ? (
                  <Text as="p" tone="subdued">
                    {t("automation.backfill.willSkip", { count: backfill!.skipped })}
                  </Text>
                ) : null}
                <InlineStack gap="200">
                  <confirm.fetcher.Form method="post">
                    <input type="hidden" name="intent" value="backfill-confirm" />
                    <input type="hidden" name="id" value={backfill!.id} />
                    <Button submit variant="primary" loading={confirm.busy}>
                      {t("automation.backfill.confirm", { count: backfill!.eligible })}
                    </Button>
                  </confirm.fetcher.Form>
                  <discard.fetcher.Form method="post">
                    <input type="hidden" name="intent" value="backfill-discard" />
                    <Button submit loading={discard.busy}>
                      {t("common.cancel")}
                    </Button>
                  </discard.fetcher.Form>
                </InlineStack>
              </BlockStack>
            ) : phase === "ISSUING" ? (
              <BlockStack gap="200">
                <Text as="p">
                  {backfill!.done === 0
                    ? t("automation.backfill.queued", { count: backfill!.eligible })
                    : t("automation.backfill.progress", { done: backfill!.done, total: backfill!.eligible })}
                </Text>
                <ProgressBar progress={backfill!.eligible ? (100 * backfill!.done) / backfill!.eligible : 100} size="small" />
              </BlockStack>
            ) : (
              <>
                {phase === "FINISHED" ? (
                  <Banner
                    tone={backfill!.failed > 0 ? "warning" : "success"}
                    title={t("automation.backfill.finished", { days: backfill!.days })}
                  >
                    <Text as="p">
                      {t("automation.backfill.counts", {
                        issued: backfill!.issued,
                        already: backfill!.alreadyIssued,
                        skipped: backfill!.skipped,
                      })}
                      {backfill!.failed > 0 ? ` ${t("automation.backfill.failedCount", { count: backfill!.failed })}` : ""}
                    </Text>
                  </Banner>
                ) : null}
                {phase === "FAILED" ? (
                  <Banner tone="critical" title={t("automation.backfill.listingFailed")}>
                    <Text as="p">{backfill!.lastError}</Text>
                  </Banner>
                ) : null}
                <preview.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="backfill-preview" />
                  <Box maxWidth="24rem">
                    <BlockStack gap="200">
                      {/* No min/max: the browser would block the form with its own words; the domain's answer is shown at the field. */}
                      <TextField
                        label={t("automation.backfill.days")}
                        name="days"
                        type="number"
                        inputMode="numeric"
                        value={days}
                        onChange={setDays}
                        autoComplete="off"
                        suffix={t("automation.backfill.daysSuffix")}
                        error={preview.fieldErrors.days}
                      />
                      <InlineStack>
                        <Button submit loading={preview.busy}>
                          {t("automation.backfill.previewButton")}
                        </Button>
                      </InlineStack>
                    </BlockStack>
                  </Box>
                </preview.fetcher.Form>
              </>
            )}
          </>
        )}
      </BlockStack>
    </Card>
  );
}
