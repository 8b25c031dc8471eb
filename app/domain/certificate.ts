/*
 * What a printable certificate shows (issue 28, item 6): built field by field
 * from public data only, in the shop's language. Never a redemption code,
 * PRIVATE metadata, e-mail, phone, customer id or wallet key; the holder is
 * masked as on the verify page. See docs/decisions/0044-printable-certificates.md.
 */

export const CERTIFICATE_LANGUAGES = ["en", "fr"] as const;
export type CertificateLanguage = (typeof CERTIFICATE_LANGUAGES)[number];

/** One certificate per page of this size. */
export const CERTIFICATE_SIZES = ["a6", "a4", "letter"] as const;
export type CertificateSize = (typeof CERTIFICATE_SIZES)[number];

/** Sheets of labels (four A6 labels a page) print on these. */
export const SHEET_SIZES = ["a4", "letter"] as const;
export type SheetSize = (typeof SHEET_SIZES)[number];

/** At most this many items on one label sheet request. */
export const SHEET_MAX_ITEMS = 100;

export const isCertificateSize = (value: unknown): value is CertificateSize => CERTIFICATE_SIZES.includes(value as CertificateSize);
export const isSheetSize = (value: unknown): value is SheetSize => SHEET_SIZES.includes(value as SheetSize);

/** The words printed on a certificate, already filled in. */
export interface CertificateWords {
  heading: string;
  /** `#12 of 250`, `#12` (as the admin and the storefront write it); null outside an edition. */
  serial: string | null;
  issued: string;
  holder: string;
  verify: string;
  /** Printed on a test item (decision 0036); null on a live one. */
  test: string | null;
  /**
   * On a label: the QR code's printed size, `{size}` and `{module}` (millimetres, with the language's decimal
   * sign) filled in by the renderer, which alone knows them (decision 0063).
   */
  qrSize: string;
}

export interface Certificate {
  kind: "card" | "twin";
  id: string;
  language: CertificateLanguage;
  shopName: string;
  logoUrl: string | null;
  /** The card's name or the twin's title. */
  name: string;
  /** The item's first picture. */
  pictureUrl: string | null;
  /** What its QR code encodes and the certificate prints: its GS1 Digital Link when it has one, else its verification page. */
  verifyUrl: string;
  words: CertificateWords;
}

/** An image read for a certificate: PNG or JPEG embed in a PDF, other types are left out by the renderer. */
export interface CertificateImage {
  contentType: string;
  bytes: Uint8Array;
}

/** A certificate with its pictures read (null: none, or it could not be read). */
export interface IllustratedCertificate {
  certificate: Certificate;
  picture: CertificateImage | null;
  logo: CertificateImage | null;
}

/** One certificate per page of a size, or label sheets. */
export type CertificateLayout = { kind: "pages"; size: CertificateSize } | { kind: "sheet"; size: SheetSize };

interface Numbered {
  serialNumber: number | null;
  editionSize: number | null;
}

const WORDS: Record<
  CertificateLanguage,
  {
    heading: string;
    serial: (item: { number: number; size: number | null }) => string;
    issued: (date: string) => string;
    holder: (holder: string | null) => string;
    verify: (shop: string) => string;
    test: string;
    qrSize: string;
  }
> = {
  en: {
    heading: "Certificate of authenticity",
    serial: ({ number, size }) => (size === null ? `#${number}` : `#${number} of ${size}`),
    issued: (date) => `Issued on ${date}`,
    holder: (holder) => (holder ? `Held by ${holder}` : "Held by a customer of the store"),
    verify: (shop) =>
      `To check this item, scan the code or open the address below: ${shop}'s page says whether it is genuine and still valid.`,
    test: "Test item: not a valid certificate",
    qrSize: "QR code {size} mm square with its quiet zone ({module} mm a module): print at 100 %.",
  },
  fr: {
    heading: "Certificat d’authenticité",
    serial: ({ number, size }) => (size === null ? `nº ${number}` : `nº ${number} sur ${size}`),
    issued: (date) => `Émis le ${date}`,
    holder: (holder) => (holder ? `Détenu par ${holder}` : "Détenu par un client de la boutique"),
    verify: (shop) =>
      `Pour vérifier cet article, scannez le code ou ouvrez l’adresse ci-dessous\u00a0: la page de ${shop} indique s’il est authentique et toujours valable.`,
    test: "Article de test\u00a0: ce certificat n’est pas valable",
    qrSize: "Code QR de {size}\u00a0mm de côté, marge comprise ({module}\u00a0mm par module)\u00a0: imprimer à 100\u00a0%.",
  },
};

/** The language of a locale tag when certificates are written in it (`fr-CA` → `fr`), else English. */
export function certificateLanguage(locale: string | null | undefined): CertificateLanguage {
  const language = locale?.split(/[-_]/)[0]?.toLowerCase();
  return CERTIFICATE_LANGUAGES.includes(language as CertificateLanguage) ? (language as CertificateLanguage) : "en";
}

/** A long date in the language (`5 March 2027`, `5 mars 2027`) in the shop's zone, UTC when the zone is unusable. */
export function certificateDate(iso: string, language: CertificateLanguage, timeZone: string): string {
  const locale = language === "en" ? "en-GB" : "fr-FR";
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  }
}

/** The words of one item's certificate. */
export function certificateWords(
  language: CertificateLanguage,
  item: Numbered & { issuedOn: string; holder: string | null; shopName: string; livemode: boolean },
): CertificateWords {
  const words = WORDS[language];
  return {
    heading: words.heading,
    serial: item.serialNumber === null ? null : words.serial({ number: item.serialNumber, size: item.editionSize }),
    issued: words.issued(item.issuedOn),
    holder: words.holder(item.holder),
    verify: words.verify(item.shopName),
    test: item.livemode ? null : words.test,
    qrSize: words.qrSize,
  };
}
