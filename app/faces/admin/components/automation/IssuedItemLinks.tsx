import { InlineStack, Link } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useSerialLabel, type Numbered } from "~/faces/admin/i18n/use-serial";

/** Links to the twin and the cards an order line issued, named by their number in the rule's edition; a dash when it issued nothing (yet). */
export function IssuedItemLinks({
  twinId,
  cardIds,
  serials,
}: {
  twinId: string | null;
  cardIds: string[];
  serials: Record<string, Numbered>;
}) {
  const { t } = useTranslation();
  const serialOf = useSerialLabel();
  if (!twinId && cardIds.length === 0) return <>—</>;
  const serial = (id: string) => (serials[id] ? serialOf(serials[id]) : null);
  const twinSerial = twinId ? serial(twinId) : null;
  return (
    <InlineStack gap="200">
      {twinId && (
        <Link url={`/app/twins/${twinId}`}>
          {twinSerial ? t("automation.activity.twinSerial", { serial: twinSerial }) : t("automation.activity.twinLink")}
        </Link>
      )}
      {cardIds.map((id, index) => {
        const cardSerial = serial(id);
        return (
          <Link key={id} url={`/app/cards/${id}`}>
            {cardSerial
              ? t("automation.activity.cardSerial", { serial: cardSerial })
              : t("automation.activity.cardLink", { number: index + 1 })}
          </Link>
        );
      })}
    </InlineStack>
  );
}
