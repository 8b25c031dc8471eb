import { describe, expect, it } from "vitest";
import { metadata } from "~/domain/schemas/card";
import { parsePriceText } from "~/domain/price-text";
import { createFormatter } from "~/faces/admin/i18n/format";

// A PRICE entry typed in the admin the merchant's way: one reading (the domain's), the canonical [amount, code] stored.
describe("parsePriceText", () => {
  it.each([
    ["189,90 €", [189.9, "EUR"]],
    ["189,90\u00a0€", [189.9, "EUR"]],
    ["€189.90", [189.9, "EUR"]],
    ["189.90 EUR", [189.9, "EUR"]],
    ["eur 189,90", [189.9, "EUR"]],
    ["1\u202f234,50\u00a0€", [1234.5, "EUR"]],
    ["1 234,50 €", [1234.5, "EUR"]],
    ["1,234.50 $", [1234.5, "USD"]],
    ["1.234,50 €", [1234.5, "EUR"]],
    ["1.234 EUR", [1234, "EUR"]],
    ["1,5 EUR", [1.5, "EUR"]],
    ["189,90 $US", [189.9, "USD"]],
    ["£5", [5, "GBP"]],
    ["¥1,000", [1000, "JPY"]],
    ["0 EUR", [0, "EUR"]],
  ])("reads %j as %j", (text, price) => {
    expect(parsePriceText(text)).toEqual(price);
  });

  it.each(["189.90", "EUR", "€ 189.90 EUR", "-5 EUR", "abc", "1,2,3.4.5 EUR", "12 ZZ", ""])(
    "refuses %j (the domain then names the field)",
    (text) => {
      expect(parsePriceText(text)).toBeNull();
    },
  );

  it("reads back what the admin shows in English and French, with the currency's decimals", () => {
    for (const locale of ["en", "fr", "fr-CA", "de"]) {
      const shown = createFormatter({ locale, timeZone: "UTC" }).money(189.9, "EUR");
      expect(shown, locale).toMatch(/189[.,]90/);
      expect(parsePriceText(shown), locale).toEqual([189.9, "EUR"]);
    }
    expect(createFormatter({ locale: "fr", timeZone: "UTC" }).money(189.9, "EUR")).toBe("189,90\u00a0€");
  });

  it("gives the domain a value its PRICE rule accepts", () => {
    const parsed = metadata.parse([{ key: "price", value: parsePriceText("189,90 €"), metaType: "PRICE" }]);
    expect(parsed[0]!.value).toEqual([189.9, "EUR"]);
  });
});
