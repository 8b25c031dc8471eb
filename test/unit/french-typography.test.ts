import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_GIFT_TEMPLATES, DEFAULT_TEMPLATES } from "~/domain/messages/default-templates";
import { passWords } from "~/domain/wallet-pass-words";

/*
 * French typography in every French string a shopper can read (issue 39, defect 8): the storefront's
 * words (theme blocks and app proxy pages), the customer account page, the claim and gift messages,
 * and the Apple and Google passes. A straight apostrophe (') is a typo for ’, and « : ; ! ? » and the
 * inside of « » take a no-break space (U+00A0 or the narrow U+202F), never a plain one, which a line
 * may break at. Liquid tags and HTML tags are read as what they print: their inside is not text.
 */

const root = path.resolve(__dirname, "../..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as unknown;

/** Every string leaf of a JSON value, with its path. */
function leaves(value: unknown, at: string): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, child]) => leaves(child, at ? `${at}.${key}` : key));
  return [];
}

/** The text a reader sees: Liquid output as a word, Liquid tags and HTML tags (attributes included) left out. */
const readable = (text: string) =>
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

const passSample = passWords("fr");
const SOURCES: [string, [string, string][]][] = [
  ["extensions/storefront/locales/fr.json", leaves(json("extensions/storefront/locales/fr.json"), "")],
  ["extensions/customer-account/locales/fr.json", leaves(json("extensions/customer-account/locales/fr.json"), "")],
  ["claim messages (DEFAULT_TEMPLATES.fr)", Object.entries(DEFAULT_TEMPLATES.fr)],
  ["gift messages (DEFAULT_GIFT_TEMPLATES.fr)", Object.entries(DEFAULT_GIFT_TEMPLATES.fr)],
  [
    "Apple and Google passes (passWords('fr'))",
    Object.entries(passSample).map(([key, word]): [string, string] => [
      key,
      typeof word === "function" ? (word as (...args: string[]) => string)("Maison Lumière", "250") : word,
    ]),
  ],
];

describe("French typography in what a shopper reads", () => {
  it.each(SOURCES)("%s: typographic apostrophes, no-break spaces before « : ; ! ? » and inside « »", (_source, strings) => {
    expect(strings.length).toBeGreaterThan(0);
    const slips = strings.flatMap(([key, text]) => typographySlips(text).map((slip) => `${key}: ${slip}`));
    expect(slips).toEqual([]);
  });

  it("finds the slips it is for, and lets the right forms and markup through", () => {
    expect(typographySlips("Il est à vous !")).toHaveLength(1);
    expect(typographySlips("l'adresse")).toHaveLength(1);
    expect(typographySlips("« Bonjour »")).toHaveLength(2);
    expect(typographySlips("Code\u00a0: {{ code }}\u202f; l’adresse\u202f? «\u00a0oui\u00a0»")).toEqual([]);
    expect(typographySlips("{% if cards.size == 1 %}<a href='x' style='a: b'>Voir</a>{% endif %}")).toEqual([]);
  });
});
