import { isDatabaseBusy } from "~/db.server";
import { DomainError, type ErrorCode, type ErrorDetail } from "~/domain/errors";

export const STATUS_OF: Record<ErrorCode, number> = {
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: ErrorDetail[] };
}

export const errorBody = (code: ErrorCode, message: string, details: ErrorDetail[] = []): ErrorBody => ({
  error: { code, message, details },
});

/** An error that is not the caller's fault but will pass (the database busy past its retries): 503 with Retry-After. */
export const asUnavailable = (error: unknown): DomainError | null =>
  isDatabaseBusy(error) ? new DomainError("UNAVAILABLE", "The service is busy; retry in a moment", [], 1) : null;
