import { describe, expect, it } from "vitest";
import { languageOf, LOCALE_HEADER } from "~/faces/admin/i18n/config";
import { adminLocale, i18nServer, translatorFor } from "~/faces/admin/i18n/i18n.server";

// Which language the admin answers in (docs/decisions/0020-admin-language.md).
const request = (query: string, headers: Record<string, string> = {}) =>
  new Request(`https://app.example.com/app/cards${query}`, { headers });

describe("admin language", () => {
  it("follows the locale Shopify admin opens the app with: fr-* is French, anything else English", async () => {
    const cases: [string, string][] = [
      ["?locale=fr", "fr"],
      ["?locale=fr-FR", "fr"],
      ["?locale=fr-CA", "fr"],
      ["?locale=FR_ca", "fr"],
      ["?locale=en", "en"],
      ["?locale=en-GB", "en"],
      ["?locale=de", "en"],
      ["?locale=pt-BR", "en"],
      ["?locale=", "en"],
      ["?locale=not a locale!", "en"],
      ["", "en"],
    ];
    for (const [query, language] of cases) expect(await i18nServer.getLocale(request(query)), query).toBe(language);
  });

  it("keeps the full locale for dates and money (en-GB writes 4 Mar), canonicalised", () => {
    expect(adminLocale(request("?locale=en-GB"))).toBe("en-GB");
    expect(adminLocale(request("?locale=fr_ca"))).toBe("fr-CA");
    expect(adminLocale(request("?locale=%3Cscript%3E"))).toBe("en");
    expect(adminLocale(request(""))).toBe("en");
  });

  it("takes the admin's own requests' header when the URL has no locale (navigations, forms, fetchers)", async () => {
    expect(await i18nServer.getLocale(request("?status=OWNED", { [LOCALE_HEADER]: "fr-FR" }))).toBe("fr");
    expect(adminLocale(request("", { [LOCALE_HEADER]: "fr-CA" }))).toBe("fr-CA");
    // Shopify's parameter is the authority: a page it opens in English is English.
    expect(await i18nServer.getLocale(request("?locale=en", { [LOCALE_HEADER]: "fr" }))).toBe("en");
    expect(await i18nServer.getLocale(request("", { [LOCALE_HEADER]: "garbage value" }))).toBe("en");
  });

  it("ignores the browser's Accept-Language: the Shopify admin's language decides", async () => {
    expect(await i18nServer.getLocale(request("", { "Accept-Language": "fr-FR,fr;q=0.9" }))).toBe("en");
  });

  it("maps a locale to a language the same way in the browser (languageOf)", () => {
    expect(languageOf("fr-BE")).toBe("fr");
    expect(languageOf("en-US")).toBe("en");
    expect(languageOf("es")).toBe("en");
    expect(languageOf(undefined)).toBe("en");
  });

  it("gives loaders and actions the sentences of that language", async () => {
    const french = await translatorFor(request("?locale=fr-FR"));
    const english = await translatorFor(request(""));
    expect(french("cards.notFound")).toBe("Carte introuvable");
    expect(english("cards.notFound")).toBe("Card not found");
    expect(french("home.heldMints", { count: 1 })).toBe("1 frappe de NFT retenue");
    expect(french("home.heldMints", { count: 3 })).toBe("3 frappes de NFT retenues");
    // English has its plural forms too, never "(s)".
    expect(english("home.heldMints", { count: 3 })).toBe("3 NFT mints held");
    expect(english("home.heldMints", { count: 1 })).toBe("1 NFT mint held");
    expect(english("cards.new.created", { count: 1 })).toBe("1 card created");
    expect(english("cards.new.created", { count: 2 })).toBe("2 cards created");
  });
});
