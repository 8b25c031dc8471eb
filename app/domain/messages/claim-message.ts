import { DEFAULT_TEMPLATES, isMessageLanguage, type MessageLanguage, type MessageTemplateText } from "./default-templates";
import { renderTemplate, TemplateError } from "./liquid-sandbox";
import type { MessageScope } from "./variables";

/** The language a message is written in and the locale its dates are written in (`fr-CA`: French, Canadian dates). */
export interface MessageLocale {
  language: MessageLanguage;
  locale: string;
}

/** A BCP 47 tag Intl accepts, canonical (`fr-ca` → `fr-CA`), or null. */
export function canonicalLocale(tag: string | null | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, "-"))[0] ?? null;
  } catch {
    return null;
  }
}

/** The language part of a BCP 47 locale, lower case (`fr-CA` → `fr`). */
export const languageOf = (locale: string | null) => locale?.split("-")[0]?.toLowerCase() ?? null;

/**
 * The customer's locale when the message has one and it is a language messages are written in;
 * else the shop's primary locale; else English. Dates follow the chosen locale
 * whole (`fr-CA`), or the bare language when the choice fell through to it.
 */
export function chooseMessageLocale(
  customerLocale: string | null | undefined,
  shopPrimaryLocale: string | null | undefined,
): MessageLocale {
  for (const candidate of [canonicalLocale(customerLocale), canonicalLocale(shopPrimaryLocale)]) {
    const language = languageOf(candidate);
    if (candidate && isMessageLanguage(language)) return { language, locale: candidate };
  }
  return { language: "en", locale: "en" };
}

/** A usable IANA zone, else UTC. */
function usableZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** `2027-03-05T13:00:00Z` in Paris, French: `5 mars 2027 à 14:00 UTC+1`; English: `March 5, 2027 at 2:00 PM GMT+1`. */
export function formatExpiry(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: usableZone(timeZone),
  }).format(date);
}

/** A day the reader's way in the shop's time zone, e.g. "7 December 2026" / "7 décembre 2026". */
export function formatDay(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: usableZone(timeZone) }).format(date);
}

/** The rendered words of one claim message. */
export interface RenderedWords {
  subject: string;
  emailBody: string;
  sms: string;
}

/** Fields of a template, and the most each may render to. */
export const RENDERED_LIMITS: Record<keyof MessageTemplateText, number> = { subject: 250, emailBody: 20_000, smsBody: 1_600 };

/** One field rendered; a subject on one line. Throws TemplateError when it fails or renders too long. */
export function renderField(field: keyof MessageTemplateText, source: string, scope: MessageScope): string {
  const rendered = renderTemplate(source, scope);
  // A subject is one line; its no-break spaces (French typography) stay.
  const text = field === "subject" ? rendered.replace(/[ \t\r\n]+/g, " ").trim() : rendered.trim();
  if (text.length > RENDERED_LIMITS[field]) {
    throw new TemplateError({ line: 1, message: `renders ${text.length} characters; at most ${RENDERED_LIMITS[field]}` });
  }
  return text;
}

/**
 * The shop's template rendered; a field that fails at send time (a limit reached
 * with this message's data) falls back to the default wording, so the customer
 * still gets their code. `fellBack` names the fields that did.
 */
export function renderWords(
  language: MessageLanguage,
  template: MessageTemplateText,
  scope: MessageScope,
): RenderedWords & { fellBack: string[] } {
  const fellBack: string[] = [];
  const field = (name: keyof MessageTemplateText) => {
    try {
      return renderField(name, template[name], scope);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      fellBack.push(name);
      return renderField(name, DEFAULT_TEMPLATES[language][name], scope);
    }
  };
  return { subject: field("subject"), emailBody: field("emailBody"), sms: field("smsBody"), fellBack };
}
