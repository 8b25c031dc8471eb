import { randomBytes } from "node:crypto";
import { isIdOf, newId } from "./ids";
import { shopifyOwner } from "./owners";
import { ports, type GoogleWalletContent, type WalletPassField } from "./ports";
import { stores, type GoogleWalletObjectRecord } from "./stores";
import { heldItem, passFace, picture, type HeldItem, type PassState } from "./wallet-passes.server";

/*
 * Google Wallet (issue 28 item 3, decision 0048): "Add to Google Wallet" is a save
 * link carrying a signed Generic class and object with the same public fields as
 * the Apple pass (decision 0045) and the same rules for who gets one. Each item
 * and holder has one object, whose id is kept, so a void, a gift claimed or an
 * NFT minted updates it through an outbox (like Apple's pushes, decision 0047).
 */

/** Whether this app can sign Google Wallet links (its operator configured a service account). */
export const googleWalletOn = () => ports().googleWallet.setup().on;

/** What Settings says of Google Wallet: on, or the variables still to set and what is wrong with the others. */
export const googleWalletSetup = () => ports().googleWallet.setup();

/**
 * The save link of a customer's own live card or twin: the same refusals as Apple's pass
 * (NOT_FOUND for someone else's item or another shop's, VOIDED, CONFLICT while unclaimed or given).
 */
export async function googleWalletLinkFor(shop: string, customerId: string, itemId: string, locale?: string | null): Promise<string> {
  const setup = ports().googleWallet.setup();
  if (!setup.on) throw new Error("Google Wallet is off: its service account is not configured");
  const holder = shopifyOwner(customerId);
  const item = await heldItem(shop, holder, itemId, "Google Wallet");
  const serialNumber = itemIdOf(item);
  const known = await stores().googleWallet.objectOf(serialNumber, holder);
  const object = {
    objectId: known?.objectId ?? objectIdFor(setup.issuerId, serialNumber),
    shop,
    serialNumber,
    holder,
    locale: locale ?? known?.locale ?? null,
  };
  const content = await objectContent(setup.issuerId, object, item, "HELD");
  const link = await ports().googleWallet.saveLink(content, originsOf(shop));
  // Kept once signed, so the object can be updated; a holder asking again gets the same object.
  const kept = await stores().transaction(() => stores().googleWallet.keepObject(object));
  return kept.objectId === object.objectId ? link : googleWalletLinkFor(shop, customerId, itemId, locale);
}

const itemIdOf = (item: HeldItem) => (item.kind === "card" ? item.card.id : item.twin.id);

/**
 * `<issuer>.<item id>-<16 random characters>`: Google's ids take letters, digits, `.`, `_` and `-`. The
 * random part keeps one holder's object apart from the next holder's without telling Google who either is.
 */
const objectIdFor = (issuerId: string, serialNumber: string) => `${issuerId}.${serialNumber}-${randomBytes(12).toString("base64url")}`;

/** One class per shop: `<issuer>.<shop domain with dots as underscores>`. */
export const classIdFor = (issuerId: string, shop: string) => `${issuerId}.twincards_${shop.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/** Where the button may be shown: the shop's storefront and the app (Google checks the page's origin for its own button). */
const originsOf = (shop: string) => [...new Set([`https://${shop}`, new URL(ports().urls.appUrl()).origin])];

/** The Generic object of an item for its holder, in a state: the Apple pass's fields, pictures read through the images port. */
async function objectContent(
  issuerId: string,
  object: GoogleWalletObjectRecord,
  item: HeldItem,
  state: PassState,
): Promise<GoogleWalletContent> {
  const face = await passFace(object.shop, item, object.locale, state);
  const [logo, hero] = await Promise.all([publicPicture(face.logoUrl), publicPicture(face.pictureUrl)]);
  const primary = face.fields.primaryFields[0]!;
  const texts = [...face.fields.secondaryFields, ...face.fields.auxiliaryFields, ...face.fields.backFields];
  return {
    objectId: object.objectId,
    language: face.language,
    classId: classIdFor(issuerId, object.shop),
    state: state === "HELD" ? "ACTIVE" : "INACTIVE",
    cardTitle: face.shopName,
    subheader: primary.label,
    header: primary.value,
    backgroundColor: face.settings.colors.background,
    logo: logo ? { url: logo, description: face.shopName } : null,
    heroImage: hero ? { url: hero, description: primary.value } : null,
    textModules: texts.map(textModule),
    barcode: face.barcode && { value: face.barcode.message, alternateText: face.barcode.altText },
  };
}

const textModule = (field: WalletPassField) => ({ id: field.key, header: field.label, body: field.value });

/** Pictures larger than this are not offered to Google (it shows them at most a few hundred pixels wide). */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Google fetches an object's pictures itself, from public https URLs: each is read once through the images
 * port (no private address, no redirect, an image, not too large), and one that cannot be read is left off.
 */
async function publicPicture(url: string | null): Promise<string | null> {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  return (await picture(url, MAX_IMAGE_BYTES)) ? url : null;
}

/**
 * Queues one update per Google Wallet object of these items (in the caller's transaction, from
 * recordEvents): the updater sends them after the commit, so a change is never lost nor waits for Google.
 * Objects exist only where links were handed out, so this is a no-op for a shop that never offered one.
 */
export async function googleObjectsChanged(serialNumbers: string[]): Promise<void> {
  const objects = await stores().googleWallet.objectsOf(serialNumbers);
  await stores().googleWallet.queueUpdates(objects.map((object) => ({ id: newId("gwu"), objectId: object.objectId })));
}

/**
 * What an object shows now, for the updater: void, given to someone else, or still its holder's (an NFT
 * minted); null when the object or its item is gone (nothing to update).
 */
export async function googleObjectNow(objectId: string): Promise<GoogleWalletContent | null> {
  const setup = ports().googleWallet.setup();
  const object = await stores().googleWallet.byId(objectId);
  if (!setup.on || !object) return null;
  const now = await itemNow(object);
  return now && objectContent(setup.issuerId, object, now.item, now.state);
}

async function itemNow({ shop, serialNumber, holder }: GoogleWalletObjectRecord): Promise<{ item: HeldItem; state: PassState } | null> {
  if (isIdOf("card", serialNumber)) {
    const card = await stores().cards.findForShop(shop, serialNumber, true);
    if (!card) return null;
    const state: PassState = card.status === "VOID" ? "VOID" : card.owner === holder ? "HELD" : "GIVEN";
    return { item: { kind: "card", card }, state };
  }
  const twin = await stores().names.twinView(shop, serialNumber, true);
  return twin && { item: { kind: "twin", twin }, state: twin.name.owner === holder ? "HELD" : "GIVEN" };
}
