import { Banner, BlockStack, Card, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { GoogleWalletSetup } from "~/domain/ports";

/**
 * Settings → Google Wallet (decision 0048): whether customers see Add to Google Wallet and,
 * when they do not, the variables the app's operator must set. The pass takes the Apple Wallet
 * pass's background colour, so there is nothing else to choose here.
 */
export function GoogleWalletSettings({ setup }: { setup: GoogleWalletSetup }) {
  const { t } = useTranslation();
  return (
    <Card>
      {setup.on ? (
        <Banner tone="success" title={t("googleWallet.on")}>
          <Text as="p">{t("googleWallet.onHelp", { issuer: setup.issuerId })}</Text>
        </Banner>
      ) : (
        <Banner tone="warning" title={t("googleWallet.off")}>
          <BlockStack gap="200">
            {setup.missing.length > 0 && (
              <>
                <Text as="p">{t("googleWallet.offHelp")}</Text>
                <List>
                  {setup.missing.map((variable) => (
                    <List.Item key={variable}>
                      <code>{variable}</code>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {setup.problem && <Text as="p">{t("googleWallet.problem", { problem: setup.problem })}</Text>}
            <Text as="p">{t("googleWallet.docs")}</Text>
          </BlockStack>
        </Banner>
      )}
    </Card>
  );
}
