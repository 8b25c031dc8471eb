import { describe, expect, it } from "vitest";
import { shopperLanguage, spokenLanguage } from "~/faces/storefront/shopper-language.server";

// Issue 39: the order of the shopper's language (decision 0065).
describe("the shopper's language", () => {
  it("takes the storefront's chosen locale first, then the customer's, then the message's, then the shop's primary", () => {
    const all = { storefront: "fr-CA", customer: "en-GB", followed: "en", shopPrimary: "en" };
    expect(shopperLanguage(all)).toBe("fr");
    expect(shopperLanguage({ ...all, storefront: null })).toBe("en");
    expect(shopperLanguage({ customer: "fr", followed: "en", shopPrimary: "en" })).toBe("fr");
    expect(shopperLanguage({ customer: null, followed: "fr", shopPrimary: "en" })).toBe("fr");
    expect(shopperLanguage({ shopPrimary: "fr" })).toBe("fr");
  });

  it("skips a locale it has no words for, down to the shop's primary language, and to English when that one is unknown too", () => {
    expect(shopperLanguage({ storefront: "de", customer: "es", followed: "it", shopPrimary: "fr" })).toBe("fr");
    expect(shopperLanguage({ storefront: "de", shopPrimary: "ja" })).toBe("en");
    expect(shopperLanguage({})).toBe("en");
  });

  it("reads a language from any BCP 47 tag it is given, and nothing from junk", () => {
    expect(spokenLanguage("FR_ca")).toBe("fr");
    expect(spokenLanguage(" en-US ")).toBe("en");
    for (const junk of ["", "f", "french", "xx-fr", null, undefined]) expect(spokenLanguage(junk)).toBeNull();
  });
});
