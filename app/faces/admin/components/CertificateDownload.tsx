import { BlockStack, Button, Card, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CERTIFICATE_SIZES, type CertificateSize } from "~/domain/certificate";
import { useDownload } from "./useDownload";

/** The printable certificate of a twin or claimed card: a page size and a PDF download (app.certificate.$id.ts). */
export function CertificateDownload({ itemId, itemName }: { itemId: string; itemName: string }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<CertificateSize>("a6");
  const { download, busy } = useDownload(t("certificate.failed"));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("certificate.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("certificate.intro")}
        </Text>
        <InlineStack gap="200" blockAlign="end" wrap>
          <Select
            label={t("certificate.size")}
            options={CERTIFICATE_SIZES.map((value) => ({ value, label: t(`certificate.sizes.${value}`) }))}
            value={size}
            onChange={(value) => setSize(value as CertificateSize)}
          />
          <Button
            loading={busy}
            onClick={() =>
              void download(`/app/certificate/${encodeURIComponent(itemId)}?size=${size}`, `certificate-${itemId}-${size}.pdf`)
            }
            accessibilityLabel={t("certificate.downloadFor", { name: itemName })}
          >
            {t("certificate.download")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
