import { Badge } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export type CardStatusValue = "PENDING_REDEMPTION" | "OWNED" | "PENDING_TRANSFER" | "VOID";

const TONE = { OWNED: "success", PENDING_REDEMPTION: "attention", PENDING_TRANSFER: "info", VOID: undefined } as const;
const PROGRESS = { OWNED: "complete", PENDING_REDEMPTION: "incomplete", PENDING_TRANSFER: "partiallyComplete", VOID: undefined } as const;

/** A unit card's status as merchants read it; an owned card the shop holds for its owner says so. */
export function CardStatusBadge({ status, custody }: { status: CardStatusValue; custody?: "WALLET" | "HELD" | null }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONE[status]} progress={PROGRESS[status]}>
      {status === "OWNED" && custody === "HELD" ? t("cardStatus.OWNED_HELD") : t(`cardStatus.${status}`)}
    </Badge>
  );
}
