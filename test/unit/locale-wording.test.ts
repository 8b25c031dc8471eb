import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 25: "réclamation" is a complaint. A shopper collects (récupère) a card: one word for it everywhere (test/unit/french-terms.test.ts).
const FRENCH_FILES = [
  "extensions/storefront/locales/fr.json",
  "extensions/storefront/locales/fr.schema.json",
  "extensions/customer-account/locales/fr.json",
  "extensions/customer-link/locales/fr.json",
  "extensions/admin-customer/locales/fr.json",
  "app/faces/admin/i18n/locales/fr.json",
];

describe("French wording", () => {
  it.each(FRENCH_FILES)("never calls claiming a card a complaint (réclamer, réclamation) in %s", (file) => {
    const text = readFileSync(file, "utf8");
    expect(text.match(/r[ée]clam\w*/gi) ?? []).toEqual([]);
  });
});

const ALL_FILES = [
  "extensions/storefront/locales/en.default.json",
  "extensions/customer-account/locales/en.default.json",
  "extensions/admin-customer/locales/en.default.json",
  "app/faces/admin/i18n/locales/en.json",
  ...FRENCH_FILES,
];

describe("plurals", () => {
  it.each(ALL_FILES)('are the language\'s plural forms, never "(s)", in %s', (file) => {
    const text = readFileSync(file, "utf8");
    expect(text.match(/\w\(s\)/g) ?? []).toEqual([]);
  });
});
