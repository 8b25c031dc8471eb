/**
 * A failed attempt at an outbox job (a delivery, a mint). `retryable` ones
 * (network, 429/5xx, an expired blockhash) are tried again with backoff until
 * the attempts run out; the rest end the job FAILED at once with `message`.
 * `retryAfterMs`: the other side asked to wait at least this long.
 */
export class OutboxError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "OutboxError";
  }
}
