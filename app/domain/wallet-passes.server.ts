import { CardBeingGiven, DomainError, notFound } from "./errors";
import { isIdOf } from "./ids";
import { maskName } from "./masking";
import { chooseMessageLocale } from "./messages/claim-message";
import { isMessageLanguage, type MessageLanguage } from "./messages/default-templates";
import { shopifyOwner } from "./owners";
import { ports, type ImageFetchedBytes, type WalletPassContent } from "./ports";
import { shopProfile } from "./shop-profile.server";
import { stores, type CardView, type TwinView } from "./stores";
import { holderName } from "./verification.server";
import { qrTargetOf } from "./item-products.server";
import { passWords, type PassWords } from "./wallet-pass-words";
import { walletPassSettings } from "./wallet-pass-settings.server";
import { itemIdOf, newPassToken, recordPassToken } from "./wallet-pass-tokens.server";

/*
 * Apple Wallet passes (issue 28, decision 0045): who may have one, and what it
 * shows. The holder of an owned card (in their wallet or held by the shop) or the
 * customer whose universal name a twin was issued to gets a pass of it; a card
 * still waiting for its claim, or voided, has none. The pass is built field by
 * field from what the public verification page shows (masked holder, serial
 * number, the item's picture) plus the shop's name and logo: never a redemption
 * code, e-mail, phone, owner, wallet key or PRIVATE metadata.
 */

/** Whether this app can sign passes (its operator configured Apple's signing material). */
export const walletPassesOn = () => ports().walletPasses.setup().on;

/** What Settings says of passes: on, or the variables still to set and what is wrong with the others. */
export const walletPassSetup = () => ports().walletPasses.setup();

/** A signed pass, with the file name a browser saves it under. */
export interface WalletPassFile {
  fileName: string;
  bytes: Buffer;
}

/** Pictures larger than this are not put on a pass (Wallet shows them at most 320 × 100 or 180 × 180). */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * The pass of a customer's card or twin in the shop (live items only, as the
 * storefront lists them). NOT_FOUND for an unknown id, another shop's item or
 * someone else's; VOIDED for a voided card, CONFLICT for one still waiting for
 * its claim or being given. `locale` is the shopper's language when the face knows it.
 */
export async function walletPassFor(shop: string, customerId: string, itemId: string, locale?: string | null): Promise<WalletPassFile> {
  const owner = shopifyOwner(customerId);
  const item = await heldItem(shop, owner, itemId);
  const profile = await shopProfile(shop);
  const language = chooseMessageLocale(locale, profile.primaryLocale).language;
  // A pass that can be updated carries its own token (decision 0047); a token is kept only once the pass is signed.
  const webService = ports().walletPasses.setup();
  const token = webService.on && webService.updatable ? newPassToken() : null;
  const bytes = await signedPass(shop, item, { language, state: "HELD", authenticationToken: token });
  if (token) await recordPassToken(shop, itemIdOf(item), token, owner, language);
  return { fileName: fileNameOf(item.kind === "card" ? item.card.name : item.twin.title), bytes };
}

/** What a pass says of its item: held by whoever the pass was made for, void, or given to someone else since. */
export type PassState = "HELD" | "VOID" | "GIVEN";

export interface PassOptions {
  language: string | null;
  state: PassState;
  /** The pass's token for Apple's web service; null: a pass that does not update. */
  authenticationToken: string | null;
}

/** What every wallet's pass of an item shows, in a given state (Apple's .pkpass and Google's object, decision 0048). */
export interface PassFace {
  shopName: string;
  /** The shop's logo URL and the item's first picture, as given (not yet read). */
  logoUrl: string | null;
  pictureUrl: string | null;
  settings: Awaited<ReturnType<typeof walletPassSettings>>;
  words: PassWords;
  language: string;
  fields: ItemFields;
  /** The QR code: the item's public verification page; none on a void pass or one given away. */
  barcode: { message: string; altText: string } | null;
}

/** The fields, words and QR code of an item's pass in a state, from public data only. */
export async function passFace(shop: string, item: HeldItem, language: string | null, state: PassState): Promise<PassFace> {
  const [profile, settings] = await Promise.all([shopProfile(shop), walletPassSettings(shop)]);
  const chosen = chooseMessageLocale(language, profile.primaryLocale);
  const words = passWords(chosen.language);
  const record = item.kind === "card" ? item.card : item.twin;
  const itemFields =
    item.kind === "card"
      ? await cardFields(item.card, words, chosen.locale, profile.name)
      : twinFields(item.twin, words, chosen.locale, profile.name);
  const live = state === "HELD";
  return {
    shopName: profile.name,
    logoUrl: profile.logoUrl,
    pictureUrl: firstImage(item),
    settings,
    words,
    language: chosen.language,
    fields: live ? itemFields : stateFields(itemFields, state, words, profile.name),
    // A void pass, or one given away, no longer opens the verification page: nothing to show at a door.
    // Its GS1 Digital Link when it has one (decision 0063): the same page, in a form retail scanners read too.
    barcode: live ? { message: await qrTargetOf(shop, record), altText: words.scanToVerify } : null,
  };
}

/** The signed pass of an item in a given state (the storefront's download, and the web service's latest pass). */
export async function signedPass(shop: string, item: HeldItem, options: PassOptions): Promise<Buffer> {
  const face = await passFace(shop, item, options.language, options.state);
  const record = item.kind === "card" ? item.card : item.twin;
  const [logo, thumbnail] = await Promise.all([picture(face.logoUrl), picture(face.pictureUrl)]);
  return ports().walletPasses.sign({
    serialNumber: record.id,
    style: face.settings.styles[item.kind],
    organizationName: face.shopName,
    logoText: face.shopName,
    colors: face.settings.colors,
    logo,
    thumbnail,
    barcode: face.barcode,
    voided: options.state !== "HELD",
    webService: options.authenticationToken
      ? { url: `${ports().urls.appUrl()}${WALLET_WEB_SERVICE_PATH}`, authenticationToken: options.authenticationToken }
      : null,
    ...face.fields,
    localizations: await localizations(shop, item, options.state, face),
  });
}

/**
 * Apple's localized strings (issue 39, item 3): the pass is written in the viewer's language, and carries
 * a `<language>.lproj/pass.strings` for the viewer's language and each of the shop's published languages
 * the app has words for (the shop's primary alone when Shopify cannot say), each text of the pass as the key.
 */
async function localizations(
  shop: string,
  item: HeldItem,
  state: PassState,
  face: PassFace,
): Promise<Record<string, Record<string, string>>> {
  const [published, profile] = await Promise.all([ports().shopLanguages.published(shop), shopProfile(shop)]);
  const languages = new Set<MessageLanguage>([face.language as MessageLanguage]);
  for (const locale of published ?? [profile.primaryLocale]) {
    const language = locale.trim().toLowerCase().split(/[-_]/)[0];
    if (isMessageLanguage(language)) languages.add(language);
  }
  const strings: Record<string, Record<string, string>> = {};
  for (const language of languages) {
    const other = language === face.language ? face : await passFace(shop, item, language, state);
    strings[language] = textPairs(face, other);
  }
  return strings;
}

/** Each text of `face` with what the same place of `other` (the same pass in another language) says. */
function textPairs(face: PassFace, other: PassFace): Record<string, string> {
  const pairs: Record<string, string> = {};
  const pair = (text: string | undefined, translated: string | undefined) => {
    if (text && translated !== undefined && !(text in pairs)) pairs[text] = translated;
  };
  pair(face.fields.description, other.fields.description);
  for (const group of ["primaryFields", "secondaryFields", "auxiliaryFields", "backFields"] as const)
    face.fields[group].forEach((field, index) => {
      const same = other.fields[group][index];
      pair(field.label, same?.label);
      pair(field.value, same?.value);
    });
  pair(face.barcode?.altText, other.barcode?.altText);
  return pairs;
}

/** Where Apple's PassKit web service is mounted under the app's URL (Apple appends /v1/…; the app's own /v1 is its API). */
export const WALLET_WEB_SERVICE_PATH = "/wallet";

/** A void pass or one given away: the holder field says so, the back says why; the rest stays as it was. */
function stateFields(fields: ItemFields, state: Exclude<PassState, "HELD">, words: PassWords, shopName: string): ItemFields {
  const status = state === "VOID" ? words.voidStatus : words.givenStatus;
  return {
    ...fields,
    secondaryFields: [
      ...fields.secondaryFields.filter((field) => field.key !== "holder"),
      { key: "status", label: words.statusLabel, value: status },
    ],
    backFields: [
      { key: "statusText", label: words.statusLabel, value: state === "VOID" ? words.voidText(shopName) : words.givenText(shopName) },
    ],
  };
}

/** A card or twin a customer holds. */
export type HeldItem = { kind: "card"; card: CardView } | { kind: "twin"; twin: TwinView };

/**
 * The customer's own live card (claimed) or twin, or the refusal: someone else's item looks like none.
 * `wallet` names the wallet in the refusals ("Apple Wallet", "Google Wallet").
 */
export async function heldItem(shop: string, owner: string, itemId: string, wallet = "Apple Wallet"): Promise<HeldItem> {
  if (isIdOf("card", itemId)) {
    const card = await stores().cards.findForShop(shop, itemId, true);
    if (!card) throw notFound("Card or twin");
    if (card.status === "VOID") throw new DomainError("VOIDED", `This card is void: it has no ${wallet} pass`);
    if (card.status === "PENDING_REDEMPTION") throw conflictUnclaimed(wallet);
    if (card.owner !== owner) throw notFound("Card or twin");
    // A gift waiting for its recipient (decision 0043): the pass is theirs to add once they claim it.
    if (card.status !== "OWNED")
      throw new CardBeingGiven(`This card is being given: it gets ${articleOf(wallet)} pass again if the gift is taken back`);
    return { kind: "card", card };
  }
  const twin = isIdOf("twin", itemId) ? await stores().names.twinView(shop, itemId, true) : null;
  if (!twin || twin.name.owner !== owner) throw notFound("Card or twin");
  return { kind: "twin", twin };
}

const conflictUnclaimed = (wallet: string) =>
  new DomainError("CONFLICT", `This card has not been claimed yet: claim it first, then add it to ${wallet}`);

const articleOf = (wallet: string) => `${/^[AEIOU]/.test(wallet) ? "an" : "a"} ${wallet}`;

type ItemFields = Pick<WalletPassContent, "description" | "primaryFields" | "secondaryFields" | "auxiliaryFields" | "backFields">;

/** "#12 of 250", "#12", or null outside an edition. */
function serialText(item: { serialNumber: number | null; editionSize: number | null }, words: PassWords, locale: string): string | null {
  if (item.serialNumber === null) return null;
  const numbers = new Intl.NumberFormat(locale);
  return item.editionSize === null
    ? words.serialOpen(numbers.format(item.serialNumber))
    : words.serial(numbers.format(item.serialNumber), numbers.format(item.editionSize));
}

const dateText = (date: Date, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);

/** The fields both kinds share: the serial number, the holder, the date and the verification page on the back. */
function fields(
  title: string,
  kind: string,
  serial: string | null,
  holder: string,
  issuedAt: Date,
  words: PassWords,
  locale: string,
  shopName: string,
): ItemFields {
  return {
    description: words.description(title, shopName),
    primaryFields: [{ key: "item", label: kind, value: title }],
    secondaryFields: [
      ...(serial ? [{ key: "serial", label: words.serialLabel, value: serial }] : []),
      { key: "holder", label: words.holderLabel, value: holder },
    ],
    auxiliaryFields: [{ key: "issued", label: words.issuedLabel, value: dateText(issuedAt, locale) }],
    backFields: [{ key: "verify", label: words.verifyLabel, value: words.verifyText(shopName) }],
  };
}

async function cardFields(card: CardView, words: PassWords, locale: string, shopName: string): Promise<ItemFields> {
  // The verification page's holder: the masked universal name of the card's owner and key; a held card has none.
  const name = await holderName(card.owner, card.publicKey);
  const holder = name ?? (card.publicKey ? words.holderWallet : words.holderHeld(shopName));
  return fields(card.name, words.cardKind, serialText(card, words, locale), holder, card.createdAt, words, locale, shopName);
}

function twinFields(twin: TwinView, words: PassWords, locale: string, shopName: string): ItemFields {
  const holder = maskName(twin.name.name);
  return fields(twin.title, words.twinKind, serialText(twin, words, locale), holder, twin.createdAt, words, locale, shopName);
}

function firstImage(item: HeldItem): string | null {
  const urls = item.kind === "card" ? (item.card.media as { imageUrls?: string[] }).imageUrls : (item.twin.images as string[]);
  return urls?.[0] ?? null;
}

/** A picture fetched through the images port, or null: an unreadable picture is left off the pass, never fails it. */
export async function picture(url: string | null, maxBytes = MAX_IMAGE_BYTES): Promise<ImageFetchedBytes | null> {
  if (!url) return null;
  const fetched = await ports().images.fetch(url, maxBytes);
  return fetched.ok ? { contentType: fetched.contentType, bytes: fetched.bytes } : null;
}

/** `Gold membership.pkpass`, with nothing a file name or header cannot carry. */
function fileNameOf(title: string): string {
  const safe = title
    .normalize("NFKD")
    .replace(/[^\w .-]+/g, "")
    .trim()
    .slice(0, 60);
  return `${safe || "pass"}.pkpass`;
}
