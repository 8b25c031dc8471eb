import { digitalLinkOf, serialCandidates } from "./digital-link";
import { fieldError, validationFailed } from "./errors";
import { checkGtin, gtin14Of, type GtinProblem } from "./gtin";
import { PRODUCT_LINK_TYPES, stores, type ItemProductRecord, type ProductLinkType } from "./stores";
import { verifyUrlOf } from "./verify-url";

/*
 * The product variant a twin or card was issued for, recorded in the issuing transaction, and
 * what follows from its barcode: a GS1 Digital Link when it is a GTIN, else the item keeps its
 * verification URL and the admin says why (docs/decisions/0063-physical-proof.md).
 */

/** Where an item's product comes from: an order line or the customer page's ordered products, as Shopify has them. */
export interface ProductSource {
  /** Shopify GIDs. */
  productId: string | null;
  variantId: string | null;
  /** ProductVariant.barcode. */
  barcode: string | null;
  /** The product's online store page. */
  productUrl: string | null;
}

/** An item just issued: what its GS1 serial is chosen from. */
export interface IssuedItem {
  id: string;
  kind: "twin" | "card";
  serialNumber: number | null;
  verifyToken: string;
}

/** A barcode as kept: surrounding spaces trimmed (Shopify's field keeps what was typed); empty is none. */
const barcodeOf = (value: string | null) => (value?.trim() ? value.trim().slice(0, 255) : null);

/** Records the items' product in the caller's transaction, each with its GS1 serial when the barcode is a GTIN. */
export async function recordItemProducts(shop: string, source: ProductSource, items: IssuedItem[]): Promise<void> {
  const barcode = barcodeOf(source.barcode);
  const checked = barcode === null ? null : checkGtin(barcode);
  const gtin = checked?.ok ? checked.gtin14 : null;
  for (const item of items) {
    const row: ItemProductRecord = {
      itemId: item.id,
      shop,
      kind: item.kind,
      productId: source.productId,
      variantId: source.variantId,
      barcode,
      gtin,
      serial: null,
      productUrl: source.productUrl,
      createdAt: new Date(),
    };
    if (gtin === null) {
      await stores().itemProducts.insert(row);
      continue;
    }
    let recorded = false;
    for (const serial of serialCandidates(item)) if ((recorded = await stores().itemProducts.insert({ ...row, serial }))) break;
    // 80 random bits taken by another item of the same GTIN: never seen, but the item must not go unrecorded.
    if (!recorded) throw new Error(`No free GS1 serial for ${item.id}`);
  }
}

/** Records the product of cards just issued (their tokens and numbers read back). */
export async function recordCardProducts(shop: string, source: ProductSource, cardIds: string[]): Promise<void> {
  if (cardIds.length === 0) return;
  const views = new Map((await stores().cards.views(cardIds)).map((card) => [card.id, card]));
  const items = cardIds.map((id): IssuedItem => {
    const card = views.get(id)!;
    return { id, kind: "card", serialNumber: card.serialNumber, verifyToken: card.verifyToken };
  });
  await recordItemProducts(shop, source, items);
}

/** What the admin and the public pages say of an item's product. */
export interface ItemIdentity {
  itemId: string;
  variantId: string | null;
  barcode: string | null;
  /** Why the barcode is not a GTIN; null when it is one, or there is none. */
  barcodeProblem: GtinProblem | null;
  gtin: string | null;
  serial: string | null;
  /** The item's GS1 Digital Link URI; null without a GTIN. */
  digitalLink: string | null;
  productUrl: string | null;
}

/** What a recorded product says of its item. */
export function identityFrom(row: ItemProductRecord): ItemIdentity {
  const checked = row.barcode === null ? null : checkGtin(row.barcode);
  return {
    itemId: row.itemId,
    variantId: row.variantId,
    barcode: row.barcode,
    barcodeProblem: checked && !checked.ok ? checked.problem : null,
    gtin: row.gtin,
    serial: row.serial,
    digitalLink: row.gtin && row.serial ? digitalLinkOf(row.shop, row.gtin, row.serial) : null,
    productUrl: row.productUrl,
  };
}

/** The shop's items' products, by item id (items issued from no product are absent). */
export async function identitiesOf(shop: string, itemIds: string[]): Promise<Map<string, ItemIdentity>> {
  const rows = await stores().itemProducts.ofItems([...new Set(itemIds)]);
  return new Map(rows.filter((row) => row.shop === shop).map((row) => [row.itemId, identityFrom(row)]));
}

/** One item's product, or null when it was issued from none. */
export const identityOf = async (shop: string, itemId: string) => (await identitiesOf(shop, [itemId])).get(itemId) ?? null;

/** What an item's QR code encodes: its GS1 Digital Link when it has one, else its verification page. */
export async function qrTargetsOf(shop: string, items: { id: string; verifyToken: string }[]): Promise<Map<string, string>> {
  const identities = await identitiesOf(
    shop,
    items.map((item) => item.id),
  );
  return new Map(items.map((item) => [item.id, identities.get(item.id)?.digitalLink ?? verifyUrlOf(shop, item.verifyToken)]));
}

export const qrTargetOf = async (shop: string, item: { id: string; verifyToken: string }) =>
  (await qrTargetsOf(shop, [item])).get(item.id)!;

/**
 * Sets (or, with an empty `href`, removes) a link the merchant gives every item of a GTIN: its
 * sustainability information or its instructions, served by the resolver as `gs1:<linkType>`.
 */
export async function setProductLink(shop: string, gtinText: string, linkType: string, href: string): Promise<void> {
  const gtin = gtin14Of(gtinText);
  if (gtin === null) throw fieldError("gtin", "Must be a GTIN-8, -12, -13 or -14 with a valid check digit");
  if (!(PRODUCT_LINK_TYPES as readonly string[]).includes(linkType))
    throw fieldError("linkType", `Must be one of ${PRODUCT_LINK_TYPES.join(", ")}`);
  const url = href.trim();
  if (!isHttpsLink(url)) throw fieldError("href", "Must be an https:// address of at most 2,048 characters");
  await stores().itemProducts.saveProductLink(shop, gtin, linkType as ProductLinkType, url === "" ? null : url, new Date());
}

/** The links the merchant set for a GTIN, by type (absent: not set). */
export async function productLinksOf(shop: string, gtin: string): Promise<Partial<Record<ProductLinkType, string>>> {
  return Object.fromEntries((await stores().itemProducts.productLinks(shop, gtin)).map((link) => [link.linkType, link.href]));
}

/**
 * Sets both links of the GTIN of a twin's or card's product at once, from the item's page: each an
 * https:// address or empty (removed). Both are checked before either is saved; each refusal names its field.
 */
export async function setItemProductLinks(
  shop: string,
  itemId: string,
  links: Partial<Record<ProductLinkType, string>>,
): Promise<{ gtin: string; links: Partial<Record<ProductLinkType, string>> }> {
  const identity = await identityOf(shop, itemId);
  if (!identity?.gtin) throw fieldError("gtin", "The item's product has no GTIN");
  const refused = PRODUCT_LINK_TYPES.filter((type) => !isHttpsLink((links[type] ?? "").trim()));
  if (refused.length > 0)
    throw validationFailed(refused.map((path) => ({ path, message: "Must be an https:// address of at most 2,048 characters" })));
  const gtin = identity.gtin;
  await stores().transaction(async () => {
    for (const type of PRODUCT_LINK_TYPES) await setProductLink(shop, gtin, type, links[type] ?? "");
  });
  return { gtin: identity.gtin, links: await productLinksOf(shop, identity.gtin) };
}

const isHttpsLink = (url: string) => url === "" || (url.length <= 2048 && URL.canParse(url) && new URL(url).protocol === "https:");

/** How many of the newest items without a GTIN the barcode report reads. */
const BARCODE_REPORT_READ = 500;

/** One twin in the barcode report: its barcode as typed and why it is not a GTIN. */
export interface BarcodeReportEntry {
  twinId: string;
  title: string;
  barcode: string;
  problem: GtinProblem;
}

/**
 * The shop's twins (of the mode the admin views) issued for a variant whose barcode is not a GTIN, newest
 * first: the barcode as typed and why (letters, length, check digit), never corrected. `shown` of them,
 * `total` among the newest 500 such items.
 */
export async function twinBarcodeReport(
  shop: string,
  livemode: boolean,
  shown = 20,
): Promise<{ entries: BarcodeReportEntry[]; total: number }> {
  const rows = await stores().itemProducts.withoutGtin(shop, "twin", BARCODE_REPORT_READ);
  const twins = new Map(
    (
      await stores().names.twinViewsByIds(
        shop,
        rows.map((row) => row.itemId),
      )
    ).map((twin) => [twin.id, twin]),
  );
  const entries = rows.flatMap((row): BarcodeReportEntry[] => {
    const twin = twins.get(row.itemId);
    const checked = checkGtin(row.barcode!);
    if (!twin || twin.livemode !== livemode || checked.ok) return [];
    return [{ twinId: twin.id, title: twin.title, barcode: row.barcode!, problem: checked.problem }];
  });
  return { entries: entries.slice(0, shown), total: entries.length };
}
