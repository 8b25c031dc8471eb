import { describe, expect, it } from "vitest";
import { chooseMessageLocale, formatExpiry, renderWords } from "~/domain/messages/claim-message";
import { DEFAULT_TEMPLATES } from "~/domain/messages/default-templates";
import { checkTemplate, renderTemplate } from "~/domain/messages/liquid-sandbox";
import { smsLength } from "~/domain/messages/sms-length";
import type { MessageScope } from "~/domain/messages/variables";

const scope: MessageScope = {
  shop: { name: "Maison Lumière" },
  card: { name: "Carte Or", image_url: null },
  cards: [{ name: "Carte Or", image_url: null }],
  code: "7KQ2-M9XD-R4TB",
  claim_url: "https://maison.myshopify.com/apps/twincards/redeem?code=7KQ2-M9XD-R4TB",
  expires_at: "5 mars 2027 à 14:00 UTC+1",
  customer: { first_name: null },
};

describe("which language a claim message speaks", () => {
  it("takes the customer's locale when it is English or French, else the shop's primary one, else English", () => {
    expect(chooseMessageLocale("fr-CA", "en")).toEqual({ language: "fr", locale: "fr-CA" });
    expect(chooseMessageLocale("en_gb", "fr")).toEqual({ language: "en", locale: "en-GB" });
    expect(chooseMessageLocale("de", "fr")).toEqual({ language: "fr", locale: "fr" });
    expect(chooseMessageLocale(null, "fr-BE")).toEqual({ language: "fr", locale: "fr-BE" });
    expect(chooseMessageLocale("ja", "de")).toEqual({ language: "en", locale: "en" });
    expect(chooseMessageLocale("not a locale!", undefined)).toEqual({ language: "en", locale: "en" });
  });

  it("writes the expiry in the shop's zone the reader's way", () => {
    expect(formatExpiry("2027-03-05T13:00:00Z", "fr", "Europe/Paris")).toBe("5 mars 2027 à 14:00 UTC+1");
    expect(formatExpiry("2027-07-05T13:00:00Z", "fr", "Europe/Paris")).toBe("5 juillet 2027 à 15:00 UTC+2");
    expect(formatExpiry("2027-03-05T13:00:00Z", "en-US", "America/New_York")).toBe("March 5, 2027 at 8:00 AM EST");
    expect(formatExpiry("2027-03-05T13:00:00Z", "en", "Not/AZone")).toBe("March 5, 2027 at 1:00 PM UTC");
  });
});

describe("the default templates", () => {
  it("render in both languages, French with récupérer and never réclamation, the SMS in one GSM-7 message", () => {
    for (const language of ["en", "fr"] as const) {
      const words = renderWords(language, DEFAULT_TEMPLATES[language], scope);
      expect(words.fellBack).toEqual([]);
      expect(smsLength(words.sms)).toMatchObject({ encoding: "GSM-7", segments: 1 });
      expect(`${words.subject} ${words.emailBody} ${words.sms}`).not.toMatch(/réclam/i);
    }
    expect(renderWords("fr", DEFAULT_TEMPLATES.fr, scope).emailBody).toContain(
      "Récupérez-la avec le code ci-dessous avant le 5 mars 2027 à 14:00 UTC+1.",
    );
  });

  it("falls back to the default wording for a field the shop's template cannot render with this message's data", () => {
    const broken = { ...DEFAULT_TEMPLATES.en, subject: "{% for i in (1..100000000) %}{{ i }}{% endfor %}" };
    const words = renderWords("en", broken, scope);
    expect(words.fellBack).toEqual(["subject"]);
    expect(words.subject).toBe("Maison Lumière: your card is ready to claim");
  });
});

describe("the Liquid sandbox", () => {
  it("sees only the scope it is given: no environment, no prototype, no files", () => {
    expect(checkTemplate("{{ process.env.HOME }}", [scope])).toEqual({ line: 1, message: "unknown variable process" });
    expect(checkTemplate("{{ shop.name.constructor }}", [scope])).toEqual({ line: 1, message: "unknown variable shop.name.constructor" });
    expect(checkTemplate("a\n{% render 'secrets' %}", [scope])).toEqual({ line: 2, message: "the render tag is not allowed" });
    expect(checkTemplate("a\nb\n{% layout 'x' %}", [scope])).toEqual({ line: 3, message: "the layout tag is not allowed" });
    expect(checkTemplate("{{ code | nosuchfilter }}", [scope])).toEqual({ line: 1, message: "unknown filter nosuchfilter" });
    expect(renderTemplate("{{ cards.size }} {{ cards.first.name | upcase }}", scope)).toBe("1 CARTE OR");
  });
});

describe("SMS length", () => {
  it("counts GSM-7 septets (extension characters twice) and UCS-2 units, in 160/153 and 70/67 parts", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "GSM-7", length: 160, segments: 1 });
    expect(smsLength("a".repeat(161))).toEqual({ encoding: "GSM-7", length: 161, segments: 2 });
    expect(smsLength("a".repeat(306))).toEqual({ encoding: "GSM-7", length: 306, segments: 2 });
    expect(smsLength("a".repeat(307))).toEqual({ encoding: "GSM-7", length: 307, segments: 3 });
    expect(smsLength("€".repeat(80))).toEqual({ encoding: "GSM-7", length: 160, segments: 1 });
    expect(smsLength("’".repeat(70))).toEqual({ encoding: "UCS-2", length: 70, segments: 1 });
    expect(smsLength("’".repeat(71))).toEqual({ encoding: "UCS-2", length: 71, segments: 2 });
    expect(smsLength("’".repeat(135))).toEqual({ encoding: "UCS-2", length: 135, segments: 3 });
  });
});
