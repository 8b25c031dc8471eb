import { randomBytes } from "node:crypto";
import { fieldError, notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { afterCursor, pageLimit, pageQuery, toPage } from "./pagination";
import { ports } from "./ports";
import { parseMasterKey, parseTagUid } from "./nfc/tag-input";
import { isFactoryMaster, tagKeysOf, type TagKeys } from "./nfc/tag-keys";
import { sdmTemplate, type SdmTemplate } from "./nfc/sdm-template";
import { stores, type NfcTagRecord } from "./stores";
import { identityOf, productLinksOf } from "./item-products.server";

/*
 * NTAG 424 DNA tags bound to twins, as the merchant manages them (docs/decisions/0063-physical-proof.md):
 * the shop's master key (shown once, sealed), binding a tag's UID to one twin, retiring it, the
 * URL template and keys to write on it, and the keys of many tags at once for a tag writer.
 */

/** A tag as the admin shows it. */
export interface TagView {
  id: string;
  uid: string;
  twinId: string;
  livemode: boolean;
  status: NfcTagRecord["status"];
  lastCounter: number | null;
  lastTapAt: string | null;
  copiedCount: number;
  invalidCount: number;
  createdAt: string;
  retiredAt: string | null;
}

const toView = (tag: NfcTagRecord): TagView => ({
  id: tag.id,
  uid: tag.uid,
  twinId: tag.twinId,
  livemode: tag.livemode,
  status: tag.status,
  lastCounter: tag.lastCounter,
  lastTapAt: tag.lastTapAt?.toISOString() ?? null,
  copiedCount: tag.copiedCount,
  invalidCount: tag.invalidCount,
  createdAt: tag.createdAt.toISOString(),
  retiredAt: tag.retiredAt?.toISOString() ?? null,
});

/** Whether the shop has set up its tag keys, and how many live tags use them. */
export interface TagKeyringState {
  setUp: boolean;
  /** NXP's factory keys (all zero): only tags of test items may be bound. */
  factory: boolean;
  createdAt: string | null;
  liveTags: number;
}

export async function tagKeyringState(shop: string): Promise<TagKeyringState> {
  const [keyring, liveTags] = await Promise.all([stores().nfcTags.keyring(shop), stores().nfcTags.activeLiveCount(shop)]);
  return { setUp: keyring !== null, factory: keyring?.factory ?? false, createdAt: keyring?.createdAt.toISOString() ?? null, liveTags };
}

/**
 * Sets up the shop's master key: the one given (32 hex digits), or 16 random bytes. Returned once, here;
 * stored sealed. Replacing it would make every bound tag's keys wrong, so it is refused while live tags are bound.
 */
export async function setUpTagKeyring(shop: string, masterKeyText: string): Promise<{ masterKey: string; factory: boolean }> {
  const given = masterKeyText.trim() === "" ? null : parseMasterKey(masterKeyText);
  if (masterKeyText.trim() !== "" && given === null)
    throw fieldError("masterKey", "Must be 32 hexadecimal digits (16 bytes), or empty to make one");
  const master = given ?? randomBytes(16);
  return stores().transaction(async () => {
    const live = await stores().nfcTags.activeLiveCount(shop);
    if (live > 0)
      throw fieldError(
        "masterKey",
        `${live} live ${live === 1 ? "tag uses" : "tags use"} the current key: retire them before replacing it`,
      );
    const factory = isFactoryMaster(master);
    await stores().nfcTags.saveKeyring({ shop, masterSealed: ports().tagKeys.seal(master), factory, createdAt: new Date() });
    return { masterKey: master.toString("hex").toUpperCase(), factory };
  });
}

/** The shop's master key, or null before it is set up. */
export async function shopMasterKey(shop: string): Promise<{ master: Buffer; factory: boolean } | null> {
  const keyring = await stores().nfcTags.keyring(shop);
  return keyring && { master: ports().tagKeys.open(keyring.masterSealed), factory: keyring.factory };
}

/**
 * Binds the tag with this UID to one of the shop's twins (of the mode the admin views). A tag the shop
 * already knows is refused with the twin it belongs to, or the date it was retired; a live twin's tag
 * is refused while the shop's keys are the factory keys.
 */
export async function bindTag(shop: string, twinId: string, uidText: string, livemode: boolean): Promise<TagView> {
  const uid = parseTagUid(uidText);
  if (uid === null) throw fieldError("uid", "Must be the tag's 7-byte UID: 14 hexadecimal digits, e.g. 04A1B2C3D4E5F6");
  const twin = isIdOf("twin", twinId) ? await stores().names.twinView(shop, twinId, livemode) : null;
  if (!twin) throw notFound("Digital twin");
  const keyring = await stores().nfcTags.keyring(shop);
  if (!keyring) throw fieldError("uid", "Set up the shop's tag keys first");
  if (keyring.factory && twin.livemode)
    throw fieldError(
      "uid",
      "The shop's tag keys are NXP's factory keys (all zero): only tags of test items may use them. Set up a real master key first",
    );
  const tag: NfcTagRecord = {
    id: newId("tag"),
    shop,
    uid,
    twinId,
    livemode: twin.livemode,
    status: "ACTIVE",
    lastCounter: null,
    lastTapAt: null,
    copiedCount: 0,
    invalidCount: 0,
    createdAt: new Date(),
    retiredAt: null,
  };
  const bound = await stores().nfcTags.bind(tag);
  if (bound) return toView(bound);
  throw await alreadyKnown(shop, uid);
}

/** Why a UID the shop knows cannot be bound: the twin it is bound to, or when it was retired. */
async function alreadyKnown(shop: string, uid: string) {
  const existing = (await stores().nfcTags.byUid(shop, uid))!;
  if (existing.status === "RETIRED")
    return fieldError(
      "uid",
      `This tag was retired on ${existing.retiredAt!.toISOString().slice(0, 10)}: a retired tag is never bound again`,
    );
  const [twin] = await stores().names.twinViewsByIds(shop, [existing.twinId]);
  return fieldError("uid", `This tag is already bound to “${twin?.title ?? existing.twinId}” (${existing.twinId})`);
}

/** Retires an active tag: its taps are not genuine any more, and it is never bound again. */
export async function retireTag(shop: string, tagId: string): Promise<TagView> {
  if (!isIdOf("tag", tagId) || !(await stores().nfcTags.retire(shop, tagId, new Date()))) throw notFound("Active tag");
  return toView((await stores().nfcTags.byId(shop, tagId))!);
}

/** The tags bound to a twin, newest first. */
export const tagsOfTwin = async (shop: string, twinId: string) => (await stores().nfcTags.ofTwin(shop, twinId)).map(toView);

/** A page of the shop's tags, newest first, with the title of each one's twin. */
export async function listTags(
  shop: string,
  options: { livemode: boolean; cursor?: string; limit?: number },
): Promise<{ tags: (TagView & { twinTitle: string | null })[]; nextCursor: string | null }> {
  const limit = pageLimit(options.limit, 50);
  const rows = await stores().nfcTags.page(shop, options.livemode, {
    beforeId: afterCursor(options.cursor, "tag").id?.lt,
    take: pageQuery(limit).take,
  });
  const { page, nextCursor } = toPage(rows, limit);
  const twins = new Map(
    (await stores().names.twinViewsByIds(shop, [...new Set(page.map((tag) => tag.twinId))])).map((twin) => [twin.id, twin.title]),
  );
  return { tags: page.map((tag) => ({ ...toView(tag), twinTitle: twins.get(tag.twinId) ?? null })), nextCursor };
}

/** Keys as tag writers take them: 32 upper-case hex digits each. */
export type TagKeysHex = Record<keyof TagKeys, string>;
const keysHex = (keys: TagKeys) =>
  Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, key.toString("hex").toUpperCase()])) as TagKeysHex;

/** The URL (with the SDM offsets) every tag of the shop is written with. */
export const tapTemplate = (shop: string): SdmTemplate => sdmTemplate(`https://${shop}${ports().urls.proxyPath()}/t`);

/** What to write on one of the shop's tags: the URL template and its offsets, and the tag's keys. */
export async function tagProgramming(shop: string, tagId: string): Promise<{ template: SdmTemplate; uid: string; keys: TagKeysHex }> {
  const tag = isIdOf("tag", tagId) ? await stores().nfcTags.byId(shop, tagId) : null;
  if (!tag || tag.status !== "ACTIVE") throw notFound("Active tag");
  const keyring = await shopMasterKey(shop);
  if (!keyring) throw notFound("Tag keys");
  return { template: tapTemplate(shop), uid: tag.uid, keys: keysHex(tagKeysOf(keyring.master, Buffer.from(tag.uid, "hex"))) };
}

/** At most this many tags' keys in one file. */
export const MAX_BULK_TAGS = 1000;

/** At most this many line numbers in the message that refuses a list. */
const NAMED_LINES = 20;

/**
 * The keys of many tags at once (one UID a line, blank lines skipped, a UID given twice written once), for a
 * tag writer. Every malformed line is refused by its number, and then nothing is produced.
 */
export async function bulkTagKeys(
  shop: string,
  uidsText: string,
): Promise<{ template: SdmTemplate; tags: { uid: string; keys: TagKeysHex }[] }> {
  const lines = uidsText
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== "");
  if (lines.length === 0) throw fieldError("uids", "Paste at least one tag UID, one a line");
  if (lines.length > MAX_BULK_TAGS) throw fieldError("uids", `At most ${MAX_BULK_TAGS} tags at once; this list has ${lines.length}`);
  const uids: string[] = [];
  const bad: number[] = [];
  for (const { line, number } of lines) {
    const uid = parseTagUid(line);
    if (uid === null) bad.push(number);
    else if (!uids.includes(uid)) uids.push(uid);
  }
  if (bad.length > 0) {
    const named = bad.slice(0, NAMED_LINES).join(", ") + (bad.length > NAMED_LINES ? ", …" : "");
    throw fieldError(
      "uids",
      bad.length === 1
        ? `Line ${named} is not a 7-byte UID (14 hexadecimal digits)`
        : `Lines ${named} are not 7-byte UIDs (14 hexadecimal digits)`,
    );
  }
  const keyring = await shopMasterKey(shop);
  if (!keyring) throw fieldError("uids", "Set up the shop's tag keys first");
  return {
    template: tapTemplate(shop),
    tags: uids.map((uid) => ({ uid, keys: keysHex(tagKeysOf(keyring.master, Buffer.from(uid, "hex"))) })),
  };
}

/** What a twin's page shows of its physical proof: its GS1 identity and its GTIN's links, its tags and whether the shop can bind more. */
export async function twinProof(shop: string, twinId: string) {
  const [identity, tags, keyring] = await Promise.all([identityOf(shop, twinId), tagsOfTwin(shop, twinId), tagKeyringState(shop)]);
  const productLinks = identity?.gtin ? await productLinksOf(shop, identity.gtin) : null;
  return { identity, productLinks, tags, keyring };
}
