import { Banner, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { MissingConfigBanner } from "./MissingConfigBanner";
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
        <MissingConfigBanner words="googleWallet" missing={setup.missing} problem={setup.problem} />
      )}
    </Card>
  );
}
