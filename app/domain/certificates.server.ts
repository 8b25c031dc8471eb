import {
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
import { conflict, DomainError, fieldError, notFound } from "./errors";
import { isIdOf } from "./ids";
import { maskName } from "./masking";
import { shopifyOwner } from "./owners";
import { ports } from "./ports";
import { shopProfile, type ShopProfile } from "./shop-profile.server";
import { stores, type CardView, type TwinView } from "./stores";
import { verifyUrlOf } from "./verify-url";

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
const NO_SUCH_ITEM = "Card or twin";

/** The certificate of one item, as `reader` may have it; NOT_FOUND, or a refusal for an unclaimed (409) or voided (410) card. */
export async function certificateOf(shop: string, id: string, reader: CertificateReader): Promise<Certificate> {
  const profile = await shopProfile(shop);
  return certificateFrom(profile, await itemOf(shop, id, reader));
}

/** A PDF with the certificate of the item on a page of `size` (a6, a4 or letter). */
export async function certificatePdf(shop: string, id: string, size: unknown, reader: CertificateReader): Promise<Uint8Array> {
  if (!isCertificateSize(size)) throw fieldError("size", "Must be a6, a4 or letter");
  const certificate = await certificateOf(shop, id, reader);
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
  const unique = [...new Set(ids)];
  const profile = await shopProfile(shop);
  const reader: CertificateReader = { kind: "admin", livemode };
  const certificates: Certificate[] = [];
  for (const [index, id] of unique.entries()) {
    try {
      certificates.push(await certificateFrom(profile, await itemOf(shop, id, reader)));
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError(error.code, `${id}: ${error.message}`, [{ path: `ids[${index}]`, message: error.message }]);
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
    if (card.status !== "OWNED") throw conflict("This card is not claimed yet: its certificate is printed once it is claimed");
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
async function certificateFrom(profile: ShopProfile, item: Item): Promise<Certificate> {
  const language = certificateLanguage(profile.primaryLocale);
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
      verifyUrl: verifyUrlOf(twin.shop, twin.verifyToken),
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
    verifyUrl: verifyUrlOf(card.shop, card.verifyToken),
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

/** As on the verify page: the universal name registered to the card's owner with its key, masked; null when none (a held card). */
async function holderName(owner: string | null, publicKey: string | null): Promise<string | null> {
  if (!owner || !publicKey) return null;
  const name = await stores().names.firstNameOfOwnerKey(owner, publicKey);
  return name ? maskName(name.name) : null;
}

/** Reads each picture and logo once (a batch often shares them) and draws the PDF. */
async function render(certificates: Certificate[], layout: CertificateLayout): Promise<Uint8Array> {
  const reads = new Map<string, Promise<CertificateImage | null>>();
  const read = (url: string | null, maxBytes: number) => {
    if (!url) return Promise.resolve(null);
    const key = `${maxBytes} ${url}`;
    if (!reads.has(key)) reads.set(key, readImage(url, maxBytes));
    return reads.get(key)!;
  };
  const illustrated: IllustratedCertificate[] = await Promise.all(
    certificates.map(async (certificate) => ({
      certificate,
      picture: await read(certificate.pictureUrl, PICTURE_MAX_BYTES),
      logo: await read(certificate.logoUrl, LOGO_MAX_BYTES),
    })),
  );
  return ports().certificates.render(illustrated, layout);
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
