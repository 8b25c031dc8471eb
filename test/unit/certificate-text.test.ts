import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { certificateDate, certificateLanguage, certificateWords } from "~/domain/certificate";
import { printable, wrapLines } from "~/adapters/pdf/printable-text";

// What the certificate's standard fonts can print (WinAnsi), decided in docs/decisions/0044-printable-certificates.md.
const font = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe("printable: text for pdf-lib's standard fonts", () => {
  it("keeps French as written: accents, ligatures, typographic apostrophe, guillemets, dashes and nº", async () => {
    const text = "Certificat d’authenticité — « Œuvre » nº 12, été, ça, où, Noël";
    expect(printable(await font(), text)).toBe(text);
  });

  it("drops emoji and CJK, keeps the base of an accented letter WinAnsi lacks, and writes — for a text left empty", async () => {
    const helvetica = await font();
    expect(printable(helvetica, "Gold ⭐ pass 金 Dvořák Erdős")).toBe("Gold pass Dvorák Erdos");
    expect(printable(helvetica, "金色のカード")).toBe("—");
    expect(printable(helvetica, "🎟️")).toBe("—");
    expect(printable(helvetica, "Line one\nline\ttwo")).toBe("Line one line two");
    // French no-break spaces stay so (the narrow one, which WinAnsi lacks, as the plain no-break one): no line breaks before « : ».
    expect(printable(helvetica, "ci-dessous\u00a0: la page\u202f; fin")).toBe("ci-dessous\u00a0: la page\u00a0; fin");
    for (const width of [60, 70, 75, 80, 90])
      for (const line of wrapLines(helvetica, printable(helvetica, "Article de test\u00a0: ce certificat"), 10, width))
        expect(line).not.toMatch(/^:/);
    // Whatever is left, the font encodes without throwing.
    expect(() => helvetica.encodeText(printable(helvetica, "Ωmega Привет ✓ ő"))).not.toThrow();
  });

  it("wraps at word boundaries within the width, and cuts a word or URL longer than a line", async () => {
    const helvetica = await font();
    const lines = wrapLines(helvetica, "Pour vérifier cet article, scannez le code", 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(helvetica.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect(lines.join(" ")).toBe("Pour vérifier cet article, scannez le code");
    const url = "https://shop.myshopify.com/apps/twincards/v/0123456789abcdef0123456789abcdef";
    const cut = wrapLines(helvetica, url, 6, 80, true);
    expect(cut.join("")).toBe(url);
    for (const line of cut) expect(helvetica.widthOfTextAtSize(line, 6)).toBeLessThanOrEqual(80);
  });
});

describe("the certificate's words", () => {
  it("follows the shop's language, French or English, anything else English", () => {
    expect(["fr", "fr-CA", "fr_BE", "en-US", "de", "", null].map(certificateLanguage)).toEqual(["fr", "fr", "fr", "en", "en", "en", "en"]);
  });

  it("writes the serial, date and holder each language's way, and marks a test item", () => {
    const item = { serialNumber: 12, editionSize: 250, holder: "ja***e", shopName: "Maison Lumière", livemode: true };
    const iso = "2027-03-05T23:30:00Z";
    const fr = certificateWords("fr", { ...item, issuedOn: certificateDate(iso, "fr", "Europe/Paris") });
    expect(fr).toMatchObject({ serial: "nº 12 sur 250", issued: "Émis le 6 mars 2027", holder: "Détenu par ja***e", test: null });
    const en = certificateWords("en", {
      ...item,
      editionSize: null,
      holder: null,
      livemode: false,
      issuedOn: certificateDate(iso, "en", "UTC"),
    });
    expect(en).toMatchObject({
      serial: "#12",
      issued: "Issued on 5 March 2027",
      holder: "Held by a customer of the store",
      test: "Test item: not a valid certificate",
    });
    expect(certificateWords("en", { ...item, serialNumber: null, issuedOn: "x" }).serial).toBeNull();
    expect(certificateDate(iso, "en", "Not/A_Zone")).toBe("5 March 2027");
  });
});
