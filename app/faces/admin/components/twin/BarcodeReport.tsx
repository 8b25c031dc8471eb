import { Banner, BlockStack, Link, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { twinBarcodeReport } from "~/domain/item-products.server";

type Report = Awaited<ReturnType<typeof twinBarcodeReport>>;

/**
 * The twins list's report of barcodes that are not GTINs (decision 0063): each twin with its variant's
 * barcode as typed and why it is not one, never a guess at what was meant.
 */
export function BarcodeReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t("twins.barcodes.title")}>
      <BlockStack gap="200">
        <p>{t("twins.barcodes.body")}</p>
        <List type="bullet">
          {report.entries.map((entry) => (
            <List.Item key={entry.twinId}>
              <span data-barcode-report={entry.twinId} style={{ overflowWrap: "anywhere" }}>
                <Link url={`/app/twins/${entry.twinId}`}>{entry.title}</Link>
                {" — "}
                {t("twins.barcodes.entry", { barcode: entry.barcode, why: t(`twins.barcodes.problem.${entry.problem}`) })}
              </span>
            </List.Item>
          ))}
        </List>
        {report.total > report.entries.length && (
          <Text as="p" tone="subdued">
            {t("twins.barcodes.more", { shown: report.entries.length, count: report.total })}
          </Text>
        )}
      </BlockStack>
    </Banner>
  );
}
