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

/** 405 in the envelope for a /v1 path's other methods, with `Allow` naming the ones it serves. */
export const methodNotAllowedResponse = (allow: string) =>
  Response.json(errorBody("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), {
    status: 405,
    headers: { Allow: allow, "Cache-Control": "no-store" },
  });
