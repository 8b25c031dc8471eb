import { Badge } from "@shopify/polaris";

export const NOTIFICATION_STATUS_LABELS: Record<string, string> = {
  PENDING: "Pending",
  SENDING: "Sending",
  SENT: "Sent",
  FAILED: "Failed",
};

type Tone = "info" | "success" | "critical" | "attention";
const STATUS_TONES: Record<string, Tone> = { PENDING: "attention", SENDING: "info", SENT: "success", FAILED: "critical" };

/** A notification's delivery status as merchants read it. */
export function NotificationStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status]}>
      {NOTIFICATION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** E-mail or SMS. */
export function ChannelBadge({ channel }: { channel: string }) {
  return <Badge>{channel === "SMS" ? "SMS" : channel === "EMAIL" ? "E-mail" : channel}</Badge>;
}
