import { readFileSync } from "node:fs";
import path from "node:path";
import { LAYOUT_WORDS } from "~/adapters/notifications/templates";
import { certificateWords } from "~/domain/certificate";
import {
  DEFAULT_GIFT_CLAIMED_TEMPLATES,
  DEFAULT_GIFT_TEMPLATES,
  DEFAULT_TEMPLATES,
  REMINDER_PREFIX,
} from "~/domain/messages/default-templates";
import { passWords } from "~/domain/wallet-pass-words";

/*
 * Every French string a shopper can read, by source and key: the storefront's words (theme blocks and
 * app proxy pages), the customer account page and its link, the claim, gift, gift-claimed and reminder
 * messages and their e-mail layout, the Apple and Google passes, the PDF certificate. Read by the French
 * typography and French terms unit tests.
 */

const root = path.resolve(__dirname, "../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as unknown;

/** Every string leaf of a JSON value, with its path. */
function leaves(value: unknown, at: string): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => leaves(child, at ? `${at}.${key}` : key));
  return [];
}

/** Each word of a record, functions called with sample values ("Maison Lumière", "250"…). */
function filled(words: object): [string, string][] {
  return Object.entries(words).map(([key, word]): [string, string] => [
    key,
    typeof word === "function" ? (word as (...args: unknown[]) => string)("Maison Lumière", "250") : String(word),
  ]);
}

const certificate = certificateWords("fr", {
  serialNumber: 12,
  editionSize: 250,
  issuedOn: "5 mars 2027",
  holder: null,
  shopName: "Maison Lumière",
  livemode: false,
});

export const FRENCH_SOURCES: [string, [string, string][]][] = [
  ["extensions/storefront/locales/fr.json", leaves(json("extensions/storefront/locales/fr.json"), "")],
  ["extensions/customer-account/locales/fr.json", leaves(json("extensions/customer-account/locales/fr.json"), "")],
  ["extensions/customer-link/locales/fr.json", leaves(json("extensions/customer-link/locales/fr.json"), "")],
  ["extensions/admin-customer/locales/fr.json", leaves(json("extensions/admin-customer/locales/fr.json"), "")],
  ["claim messages (DEFAULT_TEMPLATES.fr)", Object.entries(DEFAULT_TEMPLATES.fr)],
  ["gift messages (DEFAULT_GIFT_TEMPLATES.fr)", Object.entries(DEFAULT_GIFT_TEMPLATES.fr)],
  ["gift-claimed notices (DEFAULT_GIFT_CLAIMED_TEMPLATES.fr)", Object.entries(DEFAULT_GIFT_CLAIMED_TEMPLATES.fr)],
  ["reminders (REMINDER_PREFIX.fr)", Object.entries(REMINDER_PREFIX.fr)],
  ["e-mail layout (LAYOUT_WORDS.fr)", filled(LAYOUT_WORDS.fr)],
  ["Apple and Google passes (passWords('fr'))", filled(passWords("fr"))],
  [
    "PDF certificate (certificateWords('fr'))",
    Object.entries(certificate).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ],
];

/** The text a reader sees: Liquid output as a word, Liquid tags and HTML tags (attributes included) left out. */
export const readable = (text: string) =>
  text
    .replace(/\{\{[\s\S]*?\}\}/g, "X")
    .replace(/\{%[\s\S]*?%\}/g, "")
    .replace(/<[^>]*>/g, "");

/** What is wrong with a French text's typography, each as a short excerpt. */
export function typographySlips(text: string): string[] {
  const seen = readable(text);
  const slips: string[] = [];
  for (const match of seen.matchAll(/'/g))
    slips.push(`straight apostrophe: …${seen.slice(Math.max(0, match.index - 12), match.index + 12)}…`);
  for (const match of seen.matchAll(/ [:;!?»]|« /g))
    slips.push(`plain space at a mark: …${seen.slice(Math.max(0, match.index - 12), match.index + 12)}…`);
  return slips;
}
