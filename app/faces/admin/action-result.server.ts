import { data } from "@remix-run/node";
import { DomainError, PlanLimitReached, type ErrorCode } from "~/domain/errors";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import type { Translator } from "~/faces/admin/i18n/i18n.server";

/** What an admin action answers: the intent it ran, and either its data or the errors per field path. */
export type ActionResult<T> =
  | { intent: string; ok: true; data: T }
  | {
      intent: string;
      ok: false;
      message: string;
      fieldErrors: Record<string, string>;
      /** The shop's plan allows no more items this month (decision 0050): the page offers Upgrade. */
      planLimit?: true;
    };

/**
 * Runs one intent of an admin form. Domain errors become messages keyed by the
 * field they name (`cards[1].name`), so the page can show them inline, in the
 * merchant's language (`t`); anything else is a real failure and propagates.
 */
export async function runIntent<T>(intent: string, t: Translator, work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { intent, ok: true, data: await work() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return domainFailure(intent, t, error);
  }
}

const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = { VALIDATION_FAILED: 400, NOT_FOUND: 404, CONFLICT: 409 };

/** runIntent, a refusal answered with its HTTP status (400 for bad input, 409 for a conflict) rather than 200. */
export async function runIntentWithStatus<T>(intent: string, t: Translator, work: () => Promise<T>) {
  try {
    return { intent, ok: true as const, data: await work() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(domainFailure(intent, t, error), { status: REFUSAL_STATUS[error.code] ?? 400 });
  }
}

/** A domain error as an intent's failure: its messages in the merchant's language, keyed by the field they name. */
export function domainFailure(intent: string, t: Translator, error: DomainError): Extract<ActionResult<never>, { ok: false }> {
  if (error instanceof PlanLimitReached)
    return { intent, ok: false, message: translateDomainMessage(t, error.message), fieldErrors: {}, planLimit: true };
  const fieldErrors: Record<string, string> = {};
  for (const detail of error.details) fieldErrors[detail.path] ??= translateDomainMessage(t, detail.message);
  return { intent, ok: false, message: summary(error, t), fieldErrors };
}

/** The error as one sentence: a validation failure names its first field (as the domain's own summary does). */
function summary(error: DomainError, t: Translator): string {
  const first = error.details[0];
  if (error.code !== "VALIDATION_FAILED" || !first) return translateDomainMessage(t, error.message);
  const message = translateDomainMessage(t, first.message);
  const detail = first.path ? t("common.atField", { path: first.path, message }) : message;
  const more = error.details.length - 1;
  return more > 0 ? t("common.invalidInputMore", { detail, count: more }) : t("common.invalidInput", { detail });
}

/** The submitted form; a body that is not one (another content type, broken multipart) is the client's 400, not a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** Form fields as strings; an empty or missing field is undefined, so optional fields stay optional. */
export function formFields(form: FormData): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  for (const [key, value] of form) if (typeof value === "string" && value.trim() !== "") fields[key] = value.trim();
  return fields;
}

/** One list item per line (URLs) or per comma (categories). */
export const splitList = (value: string | undefined, separator: RegExp) =>
  (value ?? "")
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** `work`'s result; the domain's NOT_FOUND becomes the admin's 404 page with `message` (another shop's ids included). */
export async function orNotFound<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") throw new Response(message, { status: 404 });
    throw error;
  }
}
