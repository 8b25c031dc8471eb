/**
 * Why a `fetch` threw, in words an operator can act on. Node's fetch throws "fetch failed" for
 * every network failure and keeps what happened in `cause` (ECONNREFUSED, ECONNRESET, "other side
 * closed", a TLS error…); a timeout is its own TimeoutError.
 */
export function fetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = [cause?.code, cause?.message].filter((part) => typeof part === "string" && part !== "").join(": ");
  return detail ? `${error.message} (${detail})` : error.message;
}

const DROPPED = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * Whether the other side closed the connection before answering: most often a kept-alive
 * connection the server dropped as it was being reused, which a new connection gets past.
 */
export function connectionDropped(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" && DROPPED.has(code);
}
