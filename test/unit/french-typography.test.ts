import { describe, expect, it } from "vitest";
import { FRENCH_SOURCES, typographySlips } from "../support/french-sources";

/*
 * French typography in every French string a shopper can read (issue 39, defect 8): the storefront's
 * words (theme blocks and app proxy pages), the customer account page, the messages, the Apple and Google
 * passes and the PDF certificate (test/support/french-sources.ts). A straight apostrophe (') is a typo
 * for ’, and « : ; ! ? » and the inside of « » take a no-break space (U+00A0 or the narrow U+202F), never
 * a plain one, which a line may break at. Liquid tags and HTML tags are read as what they print: their
 * inside is not text. An SMS keeps GSM-7 characters, which have no no-break space: only its apostrophes count.
 */

const isSms = (key: string) => key === "smsBody" || key === "sms";

describe("French typography in what a shopper reads", () => {
  it.each(FRENCH_SOURCES)("%s: typographic apostrophes, no-break spaces before « : ; ! ? » and inside « »", (_source, strings) => {
    expect(strings.length).toBeGreaterThan(0);
    const slips = strings.flatMap(([key, text]) =>
      typographySlips(text)
        .filter((slip) => !isSms(key) || slip.startsWith("straight apostrophe"))
        .map((slip) => `${key}: ${slip}`),
    );
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
