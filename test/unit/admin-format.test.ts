import { describe, expect, it } from "vitest";
import { createFormatter } from "~/faces/admin/i18n/format";

// Dates, money and numbers on admin pages: the merchant's locale, the shop's time zone.
// 23:30 UTC on 4 March is already 5 March in Paris (UTC+1 in winter).
const LATE_EVENING_UTC = "2026-03-04T23:30:00Z";
const NNBSP = "\u202f";

describe("admin formatting", () => {
  const frenchInParis = createFormatter({ locale: "fr-FR", timeZone: "Europe/Paris" });
  const englishInUtc = createFormatter({ locale: "en", timeZone: "Etc/UTC" });

  it("shows a UTC instant in the shop's time zone, naming the zone, in French", () => {
    expect(frenchInParis.dateTime(LATE_EVENING_UTC)).toBe("5 mars 2026, 00:30 UTC+1");
    expect(frenchInParis.date(LATE_EVENING_UTC)).toBe("5 mars 2026");
    // Summer time: UTC+2.
    expect(frenchInParis.dateTime("2026-07-14T10:00:00Z")).toBe("14 juil. 2026, 12:00 UTC+2");
  });

  it("writes the same instant the English way in a UTC shop, as the admin did before", () => {
    expect(englishInUtc.dateTime(LATE_EVENING_UTC)).toBe("Mar 4, 2026, 11:30 PM UTC");
    expect(englishInUtc.date(LATE_EVENING_UTC)).toBe("Mar 4, 2026");
    expect(createFormatter({ locale: "en", timeZone: "Europe/Paris" }).dateTime(LATE_EVENING_UTC)).toBe("Mar 5, 2026, 12:30 AM GMT+1");
    expect(createFormatter({ locale: "en-GB", timeZone: "Europe/London" }).date(LATE_EVENING_UTC)).toBe("4 Mar 2026");
  });

  it("takes Date objects and says — (or the given word) for no date or a broken one", () => {
    expect(frenchInParis.date(new Date(LATE_EVENING_UTC))).toBe("5 mars 2026");
    expect(frenchInParis.dateTime(null)).toBe("—");
    expect(frenchInParis.date(undefined, "Jamais")).toBe("Jamais");
    expect(frenchInParis.date("not a date")).toBe("—");
  });

  it("writes money and numbers as the locale does", () => {
    expect(frenchInParis.money(189.9, "EUR")).toBe(`189,90${"\u00a0"}€`);
    expect(frenchInParis.money("1250", "USD")).toBe(`1${NNBSP}250,00${"\u00a0"}$US`);
    expect(englishInUtc.money(189.9, "EUR")).toBe("€189.90");
    expect(englishInUtc.money(1500, "JPY")).toBe("¥1,500");
    expect(frenchInParis.number(12500)).toBe(`12${NNBSP}500`);
    expect(englishInUtc.number(12500)).toBe("12,500");
  });

  it("keeps an amount readable when the currency is not one Intl knows, and says — without a price", () => {
    expect(frenchInParis.money(12.5, "ZZZ")).toBe("12,50\u00a0ZZZ");
    expect(frenchInParis.money(12.5, "EURO")).toBe("12,5 EURO");
    expect(frenchInParis.money(null, "EUR")).toBe("—");
    expect(frenchInParis.money(10, null)).toBe("—");
  });

  it("falls back to UTC and English rather than failing a page on a zone or locale Intl does not know", () => {
    const odd = createFormatter({ locale: "!!", timeZone: "Mars/Olympus_Mons" });
    expect(odd.dateTime(LATE_EVENING_UTC)).toBe("Mar 4, 2026, 11:30 PM UTC");
  });
});
