import type { ApiErrorCode, ErrorDetail } from "./types.js";

/** Codes the client gives itself: no answer came (after the retries), or the answer was not the API's. */
export type ClientErrorCode = "CONNECTION_FAILED" | "UNEXPECTED_RESPONSE";
export type TwinCardsErrorCode = ApiErrorCode | ClientErrorCode;

export interface TwinCardsErrorInit {
  status: number;
  code: TwinCardsErrorCode;
  message: string;
  details?: ErrorDetail[];
  requestId?: string | null;
  retryAfter?: number | null;
  cause?: unknown;
}

/**
 * Every failure of a call: the API's error envelope (`code`, `message`,
 * `details`) with the HTTP status and the request's id. A subclass per kind
 * of failure, so `instanceof` picks what to handle; `code` says exactly which.
 */
export class TwinCardsError extends Error {
  override readonly name: string = "TwinCardsError";
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly code: TwinCardsErrorCode;
  /** The offending fields, e.g. `{ path: "cards[2].media.imageUrls[0]", message: "…" }`; empty when the whole request is at fault. */
  readonly details: ErrorDetail[];
  /** The X-Request-Id of the (last) answer: quote it when asking for support. */
  readonly requestId: string | null;
  /** Seconds to wait before retrying, from Retry-After (429 and 503). */
  readonly retryAfter: number | null;

  constructor(init: TwinCardsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/** 401: no API key, or one that is not valid or was revoked. */
export class AuthenticationError extends TwinCardsError {
  override readonly name = "AuthenticationError";
  declare readonly code: "UNAUTHENTICATED";
}

/** 404: no such object in this shop (another shop's objects are 404 too). */
export class NotFoundError extends TwinCardsError {
  override readonly name = "NotFoundError";
  declare readonly code: "NOT_FOUND";
}

/** 409: the Idempotency-Key was used with another request, or the operation's own conflict (a name taken, a code redeemed). */
export class ConflictError extends TwinCardsError {
  override readonly name = "ConflictError";
  declare readonly code: "CONFLICT";
}

/** 410: the redemption code has expired (EXPIRED), or every card of it was voided (VOIDED). */
export class GoneError extends TwinCardsError {
  override readonly name = "GoneError";
  declare readonly code: "EXPIRED" | "VOIDED";
}

/** 422: `details` names every offending field; nothing was written. */
export class ValidationError extends TwinCardsError {
  override readonly name = "ValidationError";
  declare readonly code: "VALIDATION_FAILED";
}

/** 429, once the retries are spent: wait `retryAfter` seconds. */
export class RateLimitError extends TwinCardsError {
  override readonly name = "RateLimitError";
  declare readonly code: "RATE_LIMITED";
}

/** 500 INTERNAL, or 503 UNAVAILABLE once the retries are spent. */
export class ServerError extends TwinCardsError {
  override readonly name = "ServerError";
}

/** No answer: the network failed or the request timed out, on every attempt. */
export class ConnectionError extends TwinCardsError {
  override readonly name = "ConnectionError";
  declare readonly code: "CONNECTION_FAILED";
}

const BY_STATUS: Record<number, typeof TwinCardsError> = {
  401: AuthenticationError,
  404: NotFoundError,
  409: ConflictError,
  410: GoneError,
  422: ValidationError,
  429: RateLimitError,
  500: ServerError,
  503: ServerError,
};

/** The error class for an answer's status (TwinCardsError itself for 400, 405, 413 and the unexpected). */
export const errorClassFor = (status: number): typeof TwinCardsError => BY_STATUS[status] ?? TwinCardsError;
