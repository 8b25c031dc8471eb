import {
  CERTIFICATE_LANGUAGES,
  certificateDate,
  certificateLanguage,
  certificateWords,
  isCertificateSize,
  isSheetSize,
  SHEET_MAX_ITEMS,
  type Certificate,
  type CertificateImage,
  type CertificateLayout,
  type IllustratedCertificate,
} from "./certificate";
import { RateLimit } from "~/lib/rate-limit";
import { conflict, DomainError, fieldError, notFound, TooManyAttempts } from "./errors";
import { isIdOf } from "./ids";
import { maskName } from "./masking";
import { shopifyOwner } from "./owners";
import { ports } from "./ports";
import { shopProfile, type ShopProfile } from "./shop-profile.server";
import { stores, wiredRateBuckets, type CardView, type TwinView } from "./stores";
import { qrTargetOf } from "./item-products.server";

/*
 * Who may print an item's certificate, and the PDF itself (issue 28, item 6).
 * The merchant: any twin and any claimed card of the shop. A customer: only
 * their own (a card they own, a twin issued to one of their universal names).
 * Unknown ids, another shop's and another customer's items are all "not found".
 * docs/decisions/0044-printable-certificates.md.
 */

/** Who asks: the shop's admin (in the mode it views), or a logged-in Shopify customer (live items only). */
export type CertificateReader = { kind: "admin"; livemode: boolean } | { kind: "customer"; customerId: string };

const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const LOGO_MAX_BYTES = 1024 * 1024;
// A sheet of 100 items with 100 different pictures must not hold 500 MiB: past this
// many bytes read for one document, further pictures are left out. Read a few at a time.
const DOCUMENT_IMAGE_BYTES = 24 * 1024 * 1024;
const PARALLEL_READS = 4;
const NO_SUCH_ITEM = "Card or twin";

// A certificate is drawn on demand (pictures read, a PDF written): a customer gets a
// burst of 20, then one every 3 s, counted per shop and customer, shared by replicas
// like the other limits (docs/decisions/0025-shared-limits.md). The admin is not limited.
const PER_CUSTOMER_PER_MINUTE = 20;
const byCustomer = new RateLimit(
  "certificate-customer",
  { capacity: PER_CUSTOMER_PER_MINUTE, refillPerSecond: PER_CUSTOMER_PER_MINUTE / 60 },
  wiredRateBuckets,
);

/** The certificate of one item, as `reader` may have it; NOT_FOUND, or a refusal for an unclaimed (409) or voided (410) card. */
export async function certificateOf(shop: string, id: string, reader: CertificateReader, language?: string | null): Promise<Certificate> {
  const profile = await shopProfile(shop);
  return certificateFrom(profile, await itemOf(shop, id, reader), language);
}

/**
 * A PDF with the certificate of the item on a page of `size` (a6, a4 or letter), in `language` (the
 * viewer's, issue 39 item 3) when the app has words for it, else in the shop's primary language — never a mix.
 */
export async function certificatePdf(
  shop: string,
  id: string,
  size: unknown,
  reader: CertificateReader,
  language?: string | null,
): Promise<Uint8Array> {
  if (!isCertificateSize(size)) throw fieldError("size", "Must be a6, a4 or letter");
  if (reader.kind === "customer") {
    const taken = await byCustomer.take(`${shop} ${reader.customerId}`);
    if (!taken.ok) throw new TooManyAttempts("Too many certificates asked for; try again shortly", taken.retryAfterSeconds);
  }
  const certificate = await certificateOf(shop, id, reader, language);
  return render([certificate], { kind: "pages", size });
}

/**
 * Label sheets (four A6 labels a page of `size`, a4 or letter) of the merchant's
 * items, in the order given; every id must be printable, else nothing is drawn
 * and the refusal names the first one that is not.
 */
export async function labelSheetPdf(shop: string, ids: string[], size: unknown, livemode: boolean): Promise<Uint8Array> {
  if (!isSheetSize(size)) throw fieldError("size", "Must be a4 or letter");
  if (ids.length === 0) throw fieldError("ids", "Choose at least one card or twin");
  if (ids.length > SHEET_MAX_ITEMS) throw fieldError("ids", `At most ${SHEET_MAX_ITEMS} items on one sheet request`);
  // An id given twice prints once; a refusal names where it first appears in the request.
  const unique = [...new Set(ids)];
  const profile = await shopProfile(shop);
  const reader: CertificateReader = { kind: "admin", livemode };
  const certificates: Certificate[] = [];
  for (const id of unique) {
    try {
      certificates.push(await certificateFrom(profile, await itemOf(shop, id, reader)));
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError(error.code, `${id}: ${error.message}`, [{ path: `ids[${ids.indexOf(id)}]`, message: error.message }]);
      throw error;
    }
  }
  return render(certificates, { kind: "sheet", size });
}

type Item = { kind: "card"; card: CardView } | { kind: "twin"; twin: TwinView };

async function itemOf(shop: string, id: string, reader: CertificateReader): Promise<Item> {
  const livemode = reader.kind === "admin" ? reader.livemode : true;
  const owner = reader.kind === "customer" ? shopifyOwner(reader.customerId) : null;
  if (isIdOf("card", id)) {
    const card = await stores().cards.findForShop(shop, id, livemode);
    if (!card || (owner !== null && card.owner !== owner)) throw notFound(NO_SUCH_ITEM);
    if (card.status === "VOID") throw new DomainError("VOIDED", "This card is voided: it has no certificate");
    // A card being given is still its giver's until the recipient claims it (decision 0043).
    if (card.status !== "OWNED" && card.status !== "PENDING_TRANSFER")
      throw conflict("This card is not claimed yet: its certificate is printed once it is claimed");
    return { kind: "card", card };
  }
  if (isIdOf("twin", id)) {
    const twin = await stores().names.twinView(shop, id, livemode);
    if (!twin || (owner !== null && twin.name.owner !== owner)) throw notFound(NO_SUCH_ITEM);
    return { kind: "twin", twin };
  }
  throw notFound(NO_SUCH_ITEM);
}

/** The certificate, field by field from public data only. */
async function certificateFrom(profile: ShopProfile, item: Item, viewer?: string | null): Promise<Certificate> {
  const language = certificateLanguage(speaksCertificates(viewer) ? viewer : profile.primaryLocale);
  const shopName = profile.name;
  const common = { language, shopName, logoUrl: profile.logoUrl };
  if (item.kind === "twin") {
    const { twin } = item;
    return {
      ...common,
      kind: "twin",
      id: twin.id,
      name: twin.title,
      pictureUrl: (twin.images as string[])[0] ?? null,
      verifyUrl: await qrTargetOf(twin.shop, twin),
      words: certificateWords(language, {
        serialNumber: twin.serialNumber,
        editionSize: twin.editionSize,
        issuedOn: certificateDate(twin.createdAt.toISOString(), language, profile.timeZone),
        holder: maskName(twin.name.name),
        shopName,
        livemode: twin.livemode,
      }),
    };
  }
  const { card } = item;
  const media = card.media as { imageUrls: string[] };
  return {
    ...common,
    kind: "card",
    id: card.id,
    name: card.name,
    pictureUrl: media.imageUrls[0] ?? null,
    verifyUrl: await qrTargetOf(card.shop, card),
    words: certificateWords(language, {
      serialNumber: card.serialNumber,
      editionSize: card.editionSize,
      issuedOn: certificateDate(card.createdAt.toISOString(), language, profile.timeZone),
      holder: await holderName(card.owner, card.publicKey),
      shopName,
      livemode: card.livemode,
    }),
  };
}

/** Whether certificates have words for this locale's language. */
const speaksCertificates = (locale: string | null | undefined): locale is string =>
  (CERTIFICATE_LANGUAGES as readonly string[]).includes((locale ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "");

/** As on the verify page: the universal name registered to the card's owner with its key, masked; null when none (a held card). */
async function holderName(owner: string | null, publicKey: string | null): Promise<string | null> {
  if (!owner || !publicKey) return null;
  const name = await stores().names.firstNameOfOwnerKey(owner, publicKey);
  return name ? maskName(name.name) : null;
}

/** Reads each picture and logo once (a batch often shares them), a few at a time within a byte budget, and draws the PDF. */
async function render(certificates: Certificate[], layout: CertificateLayout): Promise<Uint8Array> {
  const wanted = new Map<string, number>();
  for (const { logoUrl, pictureUrl } of certificates) {
    if (logoUrl) wanted.set(logoUrl, Math.max(wanted.get(logoUrl) ?? 0, LOGO_MAX_BYTES));
    if (pictureUrl) wanted.set(pictureUrl, Math.max(wanted.get(pictureUrl) ?? 0, PICTURE_MAX_BYTES));
  }
  const images = await readImages(wanted);
  const illustrated: IllustratedCertificate[] = certificates.map((certificate) => ({
    certificate,
    picture: (certificate.pictureUrl && images.get(certificate.pictureUrl)) || null,
    logo: (certificate.logoUrl && images.get(certificate.logoUrl)) || null,
  }));
  return ports().certificates.render(illustrated, layout);
}

/** Each URL read once, `PARALLEL_READS` at a time; each read reserves its maximum from the budget and gives back what it did not use. */
async function readImages(wanted: Map<string, number>): Promise<Map<string, CertificateImage | null>> {
  const read = new Map<string, CertificateImage | null>();
  const queue = [...wanted];
  let budget = DOCUMENT_IMAGE_BYTES;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, maxBytes] = next;
      const reserved = Math.min(maxBytes, budget);
      if (reserved <= 0) {
        read.set(url, null);
        continue;
      }
      budget -= reserved;
      const image = await readImage(url, reserved);
      budget += reserved - (image?.bytes.length ?? 0);
      read.set(url, image);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return read;
}

/** A picture that cannot be read leaves the certificate without it, never fails it. */
async function readImage(url: string, maxBytes: number): Promise<CertificateImage | null> {
  try {
    const got = await ports().images.fetch(url, maxBytes);
    return got.ok ? { contentType: got.contentType, bytes: got.bytes } : null;
  } catch {
    return null;
  }
}
