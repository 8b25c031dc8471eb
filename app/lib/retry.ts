/** How a retried operation waits: the first and the longest wait between attempts, and the whole budget. */
export interface RetryPolicy {
  retryable: (error: unknown) => boolean;
  budgetMs: number;
  firstBackoffMs: number;
  maxBackoffMs: number;
}

/**
 * Runs `run` again while it fails with a `retryable` error, waiting a jittered backoff that doubles
 * up to `maxBackoffMs`, for at most `budgetMs`; then the last error is thrown.
 */
export async function retrying<T>(run: () => Promise<T>, { retryable, budgetMs, firstBackoffMs, maxBackoffMs }: RetryPolicy): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let backoff = firstBackoffMs; ; backoff = Math.min(backoff * 2, maxBackoffMs)) {
    try {
      return await run();
    } catch (error) {
      if (!retryable(error) || Date.now() + backoff > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, backoff / 2 + Math.random() * (backoff / 2)));
  }
}
