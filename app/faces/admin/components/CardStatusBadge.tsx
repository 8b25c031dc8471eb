import { Badge } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export type CardStatusValue = "PENDING_REDEMPTION" | "OWNED";

/** A unit card's status as merchants read it. */
export function CardStatusBadge({ status }: { status: CardStatusValue }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === "OWNED" ? "success" : "attention"} progress={status === "OWNED" ? "complete" : "incomplete"}>
      {t(`cardStatus.${status}`)}
    </Badge>
  );
}
