import { Banner, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** Issuing refused by the shop's plan (decision 0050): what the domain said, and Upgrade, which opens Settings' plan. */
export function PlanLimitBanner({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t("billing.limitTitle")} action={{ content: t("billing.limitAction"), url: "/app/settings" }}>
      <Text as="p">{message}</Text>
    </Banner>
  );
}
