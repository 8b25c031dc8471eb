import { OutboxError } from "../../../lib/outbox-error";
import type { OutgoingNotification } from "../templates";

export type { OutgoingNotification };

/** Delivers one notification; resolves with the provider's message id. */
export interface Transport {
  readonly name: string;
  send(notification: OutgoingNotification): Promise<{ providerMessageId: string }>;
  close?(): Promise<void> | void;
}

/** A failed delivery: not `retryable` when retrying cannot help (a 400 from the SMS provider, a 5xx SMTP reply). */
export class DeliveryError extends OutboxError {
  override name = "DeliveryError";
}

/** One transport per channel. */
export type Transports = Record<"EMAIL" | "SMS", Transport>;
