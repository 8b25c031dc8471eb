/** Every failure the domain reports. Each face says it its own way (app/faces/api/errors.ts maps `code` to an HTTP status). */
export type ErrorCode = "VALIDATION_FAILED" | "NOT_FOUND" | "CONFLICT" | "EXPIRED" | "VOIDED" | "RATE_LIMITED" | "PLAN_LIMIT_REACHED";

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
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Too many attempts: a limit of the domain (redeem attempts), lifted after `waitSeconds`. */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly waitSeconds: number,
  ) {
    super("RATE_LIMITED", message);
  }
}

/** A gift's code whose giver took the gift back before it was claimed (decision 0043): a conflict the shopper is told apart. */
export class GiftTakenBack extends DomainError {
  constructor() {
    super("CONFLICT", "The giver took this gift back: the code no longer claims it");
  }
}

/** A card its holder is giving away (decision 0043): no pass while the gift waits, a conflict the shopper is told apart. */
export class CardBeingGiven extends DomainError {
  constructor(message: string) {
    super("CONFLICT", message);
  }
}

/** The shop's plan allows no more items this month (decision 0050): nothing was written; upgrading lifts the cap. */
export class PlanLimitReached extends DomainError {
  constructor(
    message: string,
    /** The plan's name, its monthly cap, what was used and where the merchant upgrades. */
    readonly plan: { name: string; cap: number; used: number; upgradeUrl: string },
  ) {
    super("PLAN_LIMIT_REACHED", message, [{ path: "", message: `Upgrade: ${plan.upgradeUrl}` }]);
  }
}

export const validationFailed = (details: ErrorDetail[]) => new DomainError("VALIDATION_FAILED", describeDetails(details), details);

export const fieldError = (path: string, message: string) => validationFailed([{ path, message }]);

export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} not found`);

export const conflict = (message: string, details: ErrorDetail[] = []) => new DomainError("CONFLICT", message, details);

function describeDetails(details: ErrorDetail[]): string {
  const first = details[0];
  if (!first) return "The request is not valid";
  const where = first.path ? `${first.path}: ` : "";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return `Invalid input: ${where}${first.message}${more}`;
}
