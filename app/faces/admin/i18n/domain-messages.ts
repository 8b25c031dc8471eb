import type { TFunction } from "i18next";
import en from "./locales/en.json";

/**
 * The domain (app/domain) speaks English to every client: /v1 integrators
 * read its messages as they are. The admin shows them in the merchant's
 * language: a section of en.json holds each message exactly as the domain
 * words it, `{{name}}` where it puts a value, and is read backwards to find
 * the key and the values; the language's file says it its own way. A key
 * with plural forms (`_one`, `_other`) finds its count and lets i18next pick
 * the language's own form.
 */
function patternsOf(section: "domainErrors" | "automation.outcomes", templates: Record<string, string>) {
  return Object.entries(templates).map(([key, template]) => {
    const names = [...template.matchAll(/{{(\w+)}}/g)].map((match) => match[1]!);
    const source = template
      .split(/{{\w+}}/)
      .map(escapeRegExp)
      .join("(.+?)");
    return { key: `${section}.${key.replace(/_(one|other)$/, "")}`, names, pattern: new RegExp(`^${source}$`, "s") };
  });
}

const DOMAIN_ERRORS = patternsOf("domainErrors", en.domainErrors);
const OUTCOMES = patternsOf("automation.outcomes", en.automation.outcomes);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function translate(t: TFunction, patterns: ReturnType<typeof patternsOf>, message: string): string {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string | number> = Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]));
    if (typeof values.count === "string") values.count = Number(values.count);
    return t(key as "domainErrors.required", values);
  }
  return message;
}

/** A domain message in `t`'s language; one this table does not know stays as the domain wrote it. */
export const translateDomainMessage = (t: TFunction, message: string): string => translate(t, DOMAIN_ERRORS, message);

/** What became of an order webhook ("Order #1051: issued 3 items") in `t`'s language; an unknown one stays as written. */
export const translateOrderOutcome = (t: TFunction, outcome: string): string => translate(t, OUTCOMES, outcome);
