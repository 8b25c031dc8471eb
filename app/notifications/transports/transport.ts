import type { OutgoingNotification } from "../templates";

export type { OutgoingNotification };

/** Delivers one notification; resolves with the provider's message id. */
export interface Transport {
  readonly name: string;
  send(notification: OutgoingNotification): Promise<{ providerMessageId: string }>;
  close?(): Promise<void> | void;
}

/**
 * A failed delivery. `permanent`: retrying cannot help (e.g. a 400 from the SMS
 * provider, a 5xx SMTP reply) and the row fails at once. `retryAfterMs`: the
 * provider asked to wait at least this long.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** One transport per channel. */
export type Transports = Record<"EMAIL" | "SMS", Transport>;
