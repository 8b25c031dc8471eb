import { Badge } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { OrderIssueStatus } from "~/domain/schemas";

const TONE = {
  ISSUED: "success",
  WAITING: "attention",
  CLAIMED: "success",
  VOIDED: undefined,
  FAILED: "critical",
  PLAN_LIMIT: "warning",
} as const;
const PROGRESS = {
  ISSUED: "complete",
  WAITING: "incomplete",
  CLAIMED: "complete",
  VOIDED: undefined,
  FAILED: undefined,
  PLAN_LIMIT: "incomplete",
} as const;

/** What became of what a rule issued for an order line: issued / waiting for claim / claimed / voided / failed / waiting for plan. */
export function OrderIssueStatusBadge({ status }: { status: OrderIssueStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONE[status]} progress={PROGRESS[status]}>
      {t(`automation.activity.status.${status}`)}
    </Badge>
  );
}
