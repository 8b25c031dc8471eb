import { BlockStack, Box, Card, InlineGrid, Text } from "@shopify/polaris";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "remix-i18next/react";
import type { ShopGlance } from "~/domain/glance.server";
import { useFormat } from "~/faces/admin/i18n/use-format";

const GlanceCharts = lazy(() => import("./GlanceCharts.client"));
const CHART_HEIGHT = 240;

/** The last 30 days on the admin home: totals, a chart of each day and the top rules, and all of it as text for screen readers. */
export function GlanceCard({ glance }: { glance: ShopGlance }) {
  const { t } = useTranslation();
  const format = useFormat();
  const locale = useLocale();
  // The charts measure the page: drawn once the page runs in the browser, never on the server.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const { percent, day } = useMemo(
    () => ({
      percent: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
      // Calendar days: formatted at noon UTC, in UTC, so no zone moves them.
      day: new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }),
    }),
    [locale],
  );
  const formatDay = (date: string) => day.format(new Date(`${date}T12:00:00Z`));
  const claimRate = glance.claimRate === null ? t("glance.noClaimRate") : percent.format(glance.claimRate);
  const stats = [
    { label: t("glance.issued"), value: format.number(glance.issued) },
    { label: t("glance.claimed"), value: format.number(glance.claimed) },
    { label: t("glance.claimRate"), value: claimRate },
  ];
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("glance.title")}
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
          {stats.map((stat) => (
            <BlockStack key={stat.label} gap="100">
              <Text as="p" tone="subdued">
                {stat.label}
              </Text>
              <Text as="p" variant="headingLg">
                {stat.value}
              </Text>
            </BlockStack>
          ))}
        </InlineGrid>
        <Text as="p" tone="subdued">
          {glance.sentToClaim === 0
            ? t("glance.noneSent")
            : t("glance.rateDetail", { claimed: format.number(glance.claimed), sent: format.number(glance.sentToClaim) })}
        </Text>
        {/* The chart is a picture of the table below: screen readers read the table. */}
        <div aria-hidden="true" data-testid="glance-charts" style={{ minHeight: CHART_HEIGHT }}>
          {inBrowser && (
            <Suspense fallback={null}>
              <GlanceCharts
                days={glance.days}
                topRules={glance.topRules}
                words={{
                  issued: t("glance.issued"),
                  claimed: t("glance.claimed"),
                  topRules: t("glance.topRules"),
                  items: t("glance.items"),
                }}
                formatNumber={format.number}
                formatDay={formatDay}
              />
            </Suspense>
          )}
        </div>
        {glance.topRules.length === 0 && (
          <Text as="p" tone="subdued">
            {t("glance.noRules")}
          </Text>
        )}
        <Box visuallyHidden>
          <table>
            <caption>{t("glance.tableCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("glance.day")}</th>
                <th scope="col">{t("glance.issued")}</th>
                <th scope="col">{t("glance.claimed")}</th>
              </tr>
            </thead>
            <tbody>
              {glance.days.map((entry) => (
                <tr key={entry.date}>
                  <th scope="row">{formatDay(entry.date)}</th>
                  <td>{format.number(entry.issued)}</td>
                  <td>{format.number(entry.claimed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {glance.topRules.length > 0 && (
            <>
              <p>{t("glance.topRules")}</p>
              <ol>
                {glance.topRules.map((rule) => (
                  <li key={rule.ruleId}>
                    {t("glance.ruleItems", { title: rule.targetTitle, count: rule.items, items: format.number(rule.items) })}
                  </li>
                ))}
              </ol>
            </>
          )}
        </Box>
      </BlockStack>
    </Card>
  );
}
