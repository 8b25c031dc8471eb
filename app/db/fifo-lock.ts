/** A lock for async code: `acquire()` resolves in call order, each with a `release` to call exactly once. */
export class FifoLock {
  #tail: Promise<void> = Promise.resolve();
  /** Holders and waiters not yet released. */
  #pending = 0;

  /** Whether someone holds the lock or waits for it: an `acquire()` now would wait. */
  get taken(): boolean {
    return this.#pending > 0;
  }

  acquire(): Promise<() => void> {
    this.#pending++;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    const releaseOnce = () => {
      if (done) return;
      done = true;
      this.#pending--;
      release();
    };
    const acquired = this.#tail.then(() => releaseOnce);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}
