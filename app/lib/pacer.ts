const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps callers to at most `perSecond` a second, evenly spaced (one every
 * 1000 / perSecond ms), however many wait at once: each takes the next free
 * slot. What a provider's per-second limit asks of a sender with several
 * messages in flight.
 */
export class Pacer {
  private nextSlot = 0;
  private readonly spacingMs: number;

  constructor(perSecond: number) {
    this.spacingMs = 1000 / perSecond;
  }

  /** Resolves when the caller's slot has come. */
  async turn(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.spacingMs;
    if (slot > now) await sleep(slot - now);
  }
}
