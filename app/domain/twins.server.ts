import { enqueueMints } from "./chain-mints.server";
import { toChainState } from "./chain-view";
import { fieldError, notFound } from "./errors";
import { recordEvent } from "./events.server";
import { meterIssued } from "./billing.server";
import { isIdOf, newId } from "./ids";
import { newVerifyToken } from "./verify-token.server";
import { recordItemProducts, type ProductSource } from "./item-products.server";
import { verifyUrlOf } from "./verify-url";
import {
  currencyMinorDigits,
  issueTwinInput,
  listTwinsQuery,
  NO_SERIAL,
  parseInput,
  type DigitalTwin,
  type IssueTwinInput,
  type Serial,
} from "./schemas";
import { afterCursor, pageLimit, pageQuery, toPage } from "./pagination";
import { stores, type MintStateRecord, type TwinWithName } from "./stores";

export const toDigitalTwin = (row: TwinWithName & { chainMint?: MintStateRecord | null }): DigitalTwin => ({
  id: row.id,
  name_id: row.nameId,
  uns_name: row.name.name,
  public_key: row.publicKey,
  title: row.title,
  serialNumber: row.serialNumber,
  editionSize: row.editionSize,
  creator: row.creator,
  description: row.description,
  quantity: row.quantity,
  price: row.price === null ? null : Number(row.price),
  currency: row.currency,
  brand: row.brand,
  categories: row.categories as string[],
  links: row.links as string[],
  images: row.images as string[],
  createdAt: row.createdAt.toISOString(),
  chain: toChainState(row.chainMint),
  verifyUrl: verifyUrlOf(row.shop, row.verifyToken),
  livemode: row.livemode,
});

/** Edge wrapper for callers that still hold an unparsed body (the admin's customer page): parse, then issueTwinTo. */
export const issueTwin = (shop: string, input: unknown) => issueTwinTo(shop, parseInput(issueTwinInput, input));

/**
 * Step 2: issues a twin to a registered universal name whose key matches. A twin issued by hand is in
 * no edition; an issuing rule gives its twins their `serial` in the rule's edition. A live twin counts toward
 * the shop's plan (decision 0050) unless `metered` is false (the order worker counts an order's items once).
 * A twin issued for a product variant (an order line, the customer page's ordered products) records it:
 * its GS1 Digital Link when the variant's barcode is a GTIN (decision 0063).
 */
export async function issueTwinTo(
  shop: string,
  twin: IssueTwinInput,
  serial: Serial | typeof NO_SERIAL = NO_SERIAL,
  livemode = true,
  metered = true,
  product: ProductSource | null = null,
): Promise<DigitalTwin> {
  return stores().transaction(async () => {
    // A test twin goes to a test name, a live one to a live name.
    const name = await stores().names.findById(twin.name_id, livemode);
    if (!name) throw fieldError("name_id", "No universal name has this id; validate the name first");
    if (name.publicKey !== twin.public_key) throw fieldError("public_key", "Does not match the universal name's public key");
    if (livemode && metered) await meterIssued(shop, 1);
    const row = await stores().names.createTwin({
      id: newId("twin"),
      shop,
      nameId: name.id,
      publicKey: twin.public_key,
      title: twin.title,
      creator: twin.creator,
      description: twin.description,
      quantity: twin.quantity,
      // Exact decimal text in the currency's own precision: 19.99 USD → "19.99", 1500 JPY → "1500".
      price: twin.price === undefined || !twin.currency ? null : twin.price.toFixed(currencyMinorDigits(twin.currency)),
      currency: twin.currency ?? null,
      brand: twin.brand,
      categories: twin.categories,
      links: twin.links,
      images: twin.images,
      verifyToken: newVerifyToken(),
      serialNumber: serial.serialNumber,
      editionSize: serial.editionSize,
      livemode,
    });
    if (product)
      await recordItemProducts(shop, product, [{ id: row.id, kind: "twin", serialNumber: row.serialNumber, verifyToken: row.verifyToken }]);
    // The twin's NFT goes to the key the name is registered with (checked above); a test twin is never minted.
    const [chainMint] = livemode ? await enqueueMints(shop, [{ twinId: row.id, recipient: twin.public_key }]) : [];
    const issued = toDigitalTwin({ ...row, chainMint });
    await recordEvent(shop, "digital_twin.issued", { objectType: "digital_twin", object: issued }, { livemode });
    return issued;
  });
}

/** One of the shop's twins (another shop's, or another mode's, is not found): how an integrator follows its NFT. */
export async function getTwin(shop: string, id: string, livemode = true): Promise<DigitalTwin> {
  if (!isIdOf("twin", id)) throw notFound("Digital twin");
  const row = await stores().names.twinView(shop, id, livemode);
  if (!row) throw notFound("Digital twin");
  return toDigitalTwin(row);
}

/** What narrows and pages a list of twins. */
export interface ListTwinsOptions {
  /** Only twins of this universal name. */
  nameId?: string;
  /** Only twins of any of these universal names. */
  nameIds?: string[];
  /** Only twins issued to this public key. */
  publicKey?: string;
  /** nextCursor of the previous page. */
  cursor?: string;
  /** 1-100, default 50. */
  limit?: number;
  /** Live twins (the default), or the test twins of test mode. */
  livemode?: boolean;
}

/**
 * A page of the shop's twins, newest first (the admin and /v1 alike). A cursor it did
 * not hand out is VALIDATION_FAILED at `cursor`; `nextCursor` is null on the last page.
 */
export async function listTwins(
  shop: string,
  options: ListTwinsOptions = {},
): Promise<{ twins: DigitalTwin[]; nextCursor: string | null }> {
  const limit = pageLimit(options.limit, 50);
  const rows = await stores().names.twinPage(
    shop,
    { livemode: options.livemode ?? true, nameIds: options.nameIds, nameId: options.nameId, publicKey: options.publicKey },
    { beforeId: afterCursor(options.cursor, "twin").id?.lt, take: pageQuery(limit).take },
  );
  const { page, nextCursor } = toPage(rows, limit);
  return { twins: page.map(toDigitalTwin), nextCursor };
}

/** GET /v1/digital-twins: the query as the API takes it (unknown parameters are 422). */
export function listTwinsByQuery(shop: string, query: unknown, livemode = true) {
  const { name_id, public_key, cursor, limit } = parseInput(listTwinsQuery, query);
  return listTwins(shop, { nameId: name_id, publicKey: public_key, cursor, limit, livemode });
}
