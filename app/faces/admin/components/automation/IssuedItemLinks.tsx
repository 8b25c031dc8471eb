import { InlineStack, Link } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** Links to the twin and the cards an order line issued; a dash when it issued nothing (yet). */
export function IssuedItemLinks({ twinId, cardIds }: { twinId: string | null; cardIds: string[] }) {
  const { t } = useTranslation();
  if (!twinId && cardIds.length === 0) return <>—</>;
  return (
    <InlineStack gap="200">
      {twinId && <Link url={`/app/twins/${twinId}`}>{t("automation.activity.twinLink")}</Link>}
      {cardIds.map((id, index) => (
        <Link key={id} url={`/app/cards/${id}`}>{t("automation.activity.cardLink", { number: index + 1 })}</Link>
      ))}
    </InlineStack>
  );
}
