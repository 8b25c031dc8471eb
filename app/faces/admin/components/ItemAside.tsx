import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ChainState } from "~/domain/schemas";
import { ChainStatusCell } from "./ChainStatusCell";
import { CertificateDownload } from "./CertificateDownload";
import { VerifyQr } from "./VerifyQr";

/**
 * The side column of a twin's or card's page: its NFT, the QR code of its verification page (a voided card has
 * no code to print: its page only says it is void) and, for a twin or a claimed card, its printable certificate.
 */
export function ItemAside({
  chain,
  itemId,
  itemName,
  verifyUrl,
  voided = false,
  certificate = false,
}: {
  chain: ChainState;
  itemId: string;
  itemName: string;
  verifyUrl: string;
  voided?: boolean;
  /** Whether the item has a certificate: a twin, or a card once claimed. */
  certificate?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("common.onChain")}
          </Text>
          <ChainStatusCell chain={chain} itemId={itemId} itemName={itemName} />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("verification.title")}
          </Text>
          {voided ? (
            <Text as="p" tone="subdued">
              {t("verification.voided")}
            </Text>
          ) : (
            <>
              <Text as="p" tone="subdued">
                {t("verification.intro")}
              </Text>
              <VerifyQr itemId={itemId} itemName={itemName} verifyUrl={verifyUrl} />
            </>
          )}
        </BlockStack>
      </Card>
      {certificate && <CertificateDownload itemId={itemId} itemName={itemName} />}
    </>
  );
}
