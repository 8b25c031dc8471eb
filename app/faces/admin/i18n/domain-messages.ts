import type { TFunction } from "i18next";
import en from "./locales/en.json";

type DomainKey = keyof typeof en.domainErrors;

/**
 * The domain (app/domain) speaks English to every client: /v1 integrators
 * read its messages as they are. The admin shows them in the merchant's
 * language: en.json's `domainErrors` holds each message exactly as the domain
 * words it, `{{name}}` where it puts a value, and is read backwards to find
 * the key and the values; the language's file says it its own way.
 */
const PATTERNS = (Object.entries(en.domainErrors) as [DomainKey, string][]).map(([key, template]) => {
  const names = [...template.matchAll(/{{(\w+)}}/g)].map((match) => match[1]!);
  const source = template
    .split(/{{\w+}}/)
    .map(escapeRegExp)
    .join("(.+?)");
  return { key, names, pattern: new RegExp(`^${source}$`, "s") };
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A domain message in `t`'s language; one this table does not know stays as the domain wrote it. */
export function translateDomainMessage(t: TFunction, message: string): string {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
    return t(`domainErrors.${key}`, values);
  }
  return message;
}
