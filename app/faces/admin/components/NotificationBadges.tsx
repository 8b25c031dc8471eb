import { Badge } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

// TEST: a test card's message, written and never sent (decision 0036).
// WITHDRAWN: a claim message not sent because its code had nothing left to claim (its cards voided, its gift taken back).
const STATUSES = ["PENDING", "SENDING", "SENT", "FAILED", "TEST", "WITHDRAWN"] as const;
type Tone = "info" | "success" | "critical" | "attention";
const STATUS_TONES: Record<string, Tone> = { PENDING: "attention", SENDING: "info", SENT: "success", FAILED: "critical", TEST: "info" };

const knownStatus = (status: string): status is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(status);

/** A notification's delivery status as merchants read it. */
export function NotificationStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{knownStatus(status) ? t(`notificationStatus.${status}`) : status}</Badge>;
}

/** E-mail or SMS. */
export function ChannelBadge({ channel }: { channel: string }) {
  const { t } = useTranslation();
  return <Badge>{channel === "SMS" || channel === "EMAIL" ? t(`channel.${channel}`) : channel}</Badge>;
}
