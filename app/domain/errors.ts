/** Every failure the domain reports. The HTTP layer maps `code` to a status. */
export type ErrorCode =
  | "INVALID_JSON"
  | "VALIDATION_FAILED"
  | "UNAUTHENTICATED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "EXPIRED"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "INTERNAL"
  | "UNAVAILABLE";

export interface ErrorDetail {
  /** Where the problem is, e.g. `cards[2].media.imageUrls[0]`; `""` for the whole input. */
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Only for RATE_LIMITED and UNAVAILABLE: seconds until a retry can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const validationFailed = (details: ErrorDetail[]) =>
  new DomainError("VALIDATION_FAILED", describeDetails(details), details);

export const fieldError = (path: string, message: string) => validationFailed([{ path, message }]);

export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} not found`);

export const conflict = (message: string, details: ErrorDetail[] = []) =>
  new DomainError("CONFLICT", message, details);

function describeDetails(details: ErrorDetail[]): string {
  const first = details[0];
  if (!first) return "The request is not valid";
  const where = first.path ? `${first.path}: ` : "";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return `Invalid input: ${where}${first.message}${more}`;
}
