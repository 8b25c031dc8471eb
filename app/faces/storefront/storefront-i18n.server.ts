import en from "../../../extensions/storefront/locales/en.default.json";
import fr from "../../../extensions/storefront/locales/fr.json";

/*
 * The storefront's words: the theme app extension's locale files are the one
 * source for the blocks (through Liquid's `t`) and for the app proxy's pages
 * (here), so a customer reads the same sentence in both. theme-check's
 * MatchingTranslations keeps fr.json's keys equal to en.default.json's.
 */

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key under `twin_cards`, e.g. `claim.errors.not_found`. */
export type MessageKey = Leaves<(typeof en)["twin_cards"]>;

/** The storefront languages the app speaks, the default first. */
export const STOREFRONT_LANGUAGES = ["en", "fr"] as const;
export type StorefrontLanguage = (typeof STOREFRONT_LANGUAGES)[number];

type Messages = { [key: string]: string | Messages };
const MESSAGES: Record<StorefrontLanguage, Messages> = { en: en.twin_cards, fr: fr.twin_cards };

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export interface Translator {
  language: StorefrontLanguage;
  /** The message in this language (English if missing), `{{ name }}` replaced by `values.name`. */
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** A date as the language writes it, e.g. "12 March 2026" / "12 mars 2026" (UTC: the proxy does not know the visitor's time zone). */
  date(iso: string): string;
  /**
   * A moment in `timeZone` with the zone named, e.g. "December 7, 2026 at 6:00 PM (Europe/Paris)" /
   * "7 décembre 2026 à 18:00 (Europe/Paris)" (UTC when the zone is not one Intl knows).
   */
  moment(iso: string, timeZone: string): string;
  /** An amount in a currency, e.g. "€189.90" / "189,90 €". */
  money(amount: number, currency: string): string;
  /** A number with the language's separators. */
  number(value: number): string;
  /** An item's place in its edition, "#12 of 250" / "nº 12 sur 250" ("#12" in an open edition); null outside an edition. */
  serial(item: { serialNumber: number | null; editionSize: number | null }): string | null;
}

/** An IANA zone Intl knows, else UTC. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

export function translator(language: StorefrontLanguage): Translator {
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const numbers = new Intl.NumberFormat(language);
  const t: Translator["t"] = (key, values = {}) => {
    const text = lookup(MESSAGES[language], key) ?? lookup(MESSAGES.en, key) ?? key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ""));
  };
  return {
    language,
    t,
    date(iso) {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dates.format(date);
    },
    moment(iso, timeZone) {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      const zone = knownZone(timeZone);
      return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: zone }).format(date)} (${zone})`;
    },
    money(amount, currency) {
      try {
        return new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);
      } catch {
        // Not an ISO 4217 code Intl knows: the amount and the code as given.
        return `${numbers.format(amount)} ${currency}`;
      }
    },
    number: (value) => numbers.format(value),
    serial({ serialNumber, editionSize }) {
      if (serialNumber === null) return null;
      const number = numbers.format(serialNumber);
      return editionSize === null
        ? t("my_cards.serial_open", { number })
        : t("my_cards.serial", { number, size: numbers.format(editionSize) });
    },
  };
}
