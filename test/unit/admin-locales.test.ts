import { describe, expect, it } from "vitest";
import en from "~/faces/admin/i18n/locales/en.json";
import fr from "~/faces/admin/i18n/locales/fr.json";

// The admin's two locale files (app/faces/admin/i18n/locales): every sentence in both languages, written properly.
type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}
/** `a.b_one`, `a.b_other` → `a.b`: English and French need different plural forms of one sentence. */
const sentences = (tree: Tree) => new Set(leaves(tree).map(([key]) => key.replace(PLURAL, "")));
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]!).sort();
/** zod's own English words ("number", "characters") that the French sentence does not repeat. */
const DROPPED_IN_FRENCH: Record<string, string[]> = {
  "domainErrors.tooBig": ["type"],
  "domainErrors.tooLong": ["type", "unit"],
  "domainErrors.tooShort": ["type", "unit"],
};
const allForms = (tree: Tree, key: string) =>
  leaves(tree)
    .filter(([leaf]) => leaf.replace(PLURAL, "") === key)
    .map(([, text]) => text);

describe("admin locale files", () => {
  it("have the same sentences in English and French", () => {
    const english = sentences(en);
    const french = sentences(fr);
    expect(
      [...english].filter((key) => !french.has(key)),
      "missing in fr.json",
    ).toEqual([]);
    expect(
      [...french].filter((key) => !english.has(key)),
      "missing in en.json",
    ).toEqual([]);
    expect(english.size).toBeGreaterThan(300);
  });

  it("have no empty sentence", () => {
    for (const [key, text] of [...leaves(en), ...leaves(fr)]) expect(text.trim(), key).not.toBe("");
  });

  it("fill the same values into each sentence in both languages", () => {
    for (const key of sentences(en)) {
      const english = new Set(allForms(en, key).flatMap(placeholders));
      const french = new Set(allForms(fr, key).flatMap(placeholders));
      // A French plural form may leave out {{count}} ("une carte"); nothing else may be dropped or invented.
      expect(
        [...french].filter((name) => !english.has(name)),
        key,
      ).toEqual([]);
      const mayDrop = ["count", ...(DROPPED_IN_FRENCH[key] ?? [])];
      expect(
        [...english].filter((name) => !mayDrop.includes(name) && !french.has(name)),
        key,
      ).toEqual([]);
    }
  });

  it("give French every plural form its grammar uses (one, many, other)", () => {
    const pluralKeys = new Set(
      leaves(fr)
        .map(([key]) => key)
        .filter((key) => PLURAL.test(key))
        .map((key) => key.replace(PLURAL, "")),
    );
    expect(pluralKeys.size).toBeGreaterThan(5);
    const categories = new Intl.PluralRules("fr").resolvedOptions().pluralCategories;
    for (const key of pluralKeys) {
      for (const category of categories) expect(allForms(fr, key).length, `${key}_${category}`).toBe(categories.length);
    }
  });

  it("write French with its typography: curly apostrophes, no-break spaces before : ; ? ! and inside « »", () => {
    for (const [key, text] of leaves(fr)) {
      expect(text, key).not.toMatch(/[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/);
      expect(text, key).not.toMatch(/ [:;?!](\s|$)/);
      expect(text, key).not.toMatch(/« | »/);
      expect(text, key).not.toMatch(/"/);
    }
    expect(fr.customers.noMatch).toBe("Personne ne correspond à «\u00a0{{search}}\u00a0».");
    expect(fr.settings.revokeTitle).toBe("Révoquer la clé d’API «\u00a0{{label}}\u00a0»\u202f?");
  });
});
