// Loaded on the admin home only, in the browser only (React.lazy from GlanceCard): polaris-viz
// draws with the DOM's measurements, and it stays out of every server bundle (issue 26).
import "@shopify/polaris-viz/build/esm/styles.css";
import { BarChart, LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { BlockStack, Text } from "@shopify/polaris";
import type { GlanceChartsProps } from "./glance-charts-props";

const CHART_HEIGHT = 240;
// polaris-viz never draws a chart shorter than its theme's minimum (200 px): a shorter box lets the
// bars overflow it and hides their labels. Each rule then gets a row tall enough for its title and value.
const BAR_CHART_MIN_HEIGHT = 200;
const BAR_ROW_HEIGHT = 56;

export default function GlanceCharts({ days, topRules, words, formatNumber, formatDay }: GlanceChartsProps) {
  const number = (value: string | number | null) => formatNumber(Number(value ?? 0));
  return (
    <PolarisVizProvider defaultTheme="Light">
      <BlockStack gap="400">
        <div style={{ height: CHART_HEIGHT }}>
          <LineChart
            isAnimated={false}
            data={[
              { name: words.issued, data: days.map((day) => ({ key: day.date, value: day.issued })) },
              { name: words.claimed, data: days.map((day) => ({ key: day.date, value: day.claimed })) },
            ]}
            xAxisOptions={{ labelFormatter: (value) => formatDay(String(value)) }}
            yAxisOptions={{ labelFormatter: number, integersOnly: true }}
          />
        </div>
        {topRules.length > 0 && (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {words.topRules}
            </Text>
            <div data-testid="top-rules-chart" style={{ height: Math.max(BAR_CHART_MIN_HEIGHT, topRules.length * BAR_ROW_HEIGHT) }}>
              <BarChart
                isAnimated={false}
                direction="horizontal"
                showLegend={false}
                data={[{ name: words.items, data: topRules.map((rule) => ({ key: rule.targetTitle, value: rule.items })) }]}
                xAxisOptions={{ labelFormatter: number }}
              />
            </div>
          </BlockStack>
        )}
      </BlockStack>
    </PolarisVizProvider>
  );
}
