import { Badge } from "@shopify/polaris";

export const CARD_STATUS_LABELS = {
  PENDING_REDEMPTION: "Waiting to be claimed",
  OWNED: "Owned",
} as const;

export type CardStatusValue = keyof typeof CARD_STATUS_LABELS;

/** A unit card's status as merchants read it. */
export function CardStatusBadge({ status }: { status: CardStatusValue }) {
  return (
    <Badge tone={status === "OWNED" ? "success" : "attention"} progress={status === "OWNED" ? "complete" : "incomplete"}>
      {CARD_STATUS_LABELS[status]}
    </Badge>
  );
}
