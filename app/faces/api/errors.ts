import { DomainError, TooManyAttempts, type ErrorCode, type ErrorDetail } from "~/domain/errors";
import { stores } from "~/domain/stores";

export type { ErrorDetail };

/** The codes of the /v1 error envelope: the domain's, and those only HTTP has. */
export type ApiErrorCode =
  ErrorCode | "INVALID_JSON" | "UNAUTHENTICATED" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "INTERNAL" | "UNAVAILABLE";

export const STATUS_OF: Record<ApiErrorCode, number> = {
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  PLAN_LIMIT_REACHED: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EXPIRED: 410,
  VOIDED: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** A failure of the HTTP edge itself (body, auth, method, limits), in the same envelope as the domain's. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Only for RATE_LIMITED and UNAVAILABLE: seconds until a retry can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; details: ErrorDetail[] };
}

export const errorBody = (code: ApiErrorCode, message: string, details: ErrorDetail[] = []): ErrorBody => ({
  error: { code, message, details },
});

/** A failure as every HTTP face answers it: status, envelope fields and the headers that go with them. */
export interface HttpFailure {
  status: number;
  code: ApiErrorCode;
  message: string;
  details: ErrorDetail[];
  headers: Record<string, string>;
}

/**
 * The one mapping from what a request's work threw to its HTTP answer (/v1 and
 * the app proxy). An error that is not the caller's fault but will pass (the
 * database busy past its retries) is 503 with Retry-After; anything unexpected
 * is logged under `where` and answered 500 without a word about it.
 */
export function httpFailure(thrown: unknown, where: string): HttpFailure {
  const error = stores().isUnavailable(thrown) ? new ApiError("UNAVAILABLE", "The service is busy; retry in a moment", [], 1) : thrown;
  if (!(error instanceof DomainError) && !(error instanceof ApiError)) {
    console.error(`Unhandled error in ${where}:`, error);
    return { status: 500, code: "INTERNAL", message: "Something went wrong on our side; retry later", details: [], headers: {} };
  }
  const headers: Record<string, string> = {};
  const wait = error instanceof TooManyAttempts ? error.waitSeconds : error instanceof ApiError ? error.retryAfterSeconds : undefined;
  if (error.code === "RATE_LIMITED" || error.code === "UNAVAILABLE") headers["Retry-After"] = String(wait ?? 1);
  if (error.code === "UNAUTHENTICATED") headers["WWW-Authenticate"] = 'Bearer realm="twin-cards"';
  return { status: STATUS_OF[error.code], code: error.code, message: error.message, details: error.details, headers };
}

/** 405 in the envelope for a /v1 path's other methods, with `Allow` naming the ones it serves. */
export const methodNotAllowedResponse = (allow: string) =>
  Response.json(errorBody("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), {
    status: 405,
    headers: { Allow: allow, "Cache-Control": "no-store" },
  });
