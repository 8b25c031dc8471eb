import { shopMasterKey } from "./nfc-tags.server";
import { decryptPiccData, sdmMac, sdmMacMatches } from "./nfc/sun-message";
import { fileReadKeyOf, metaReadKeyOf } from "./nfc/tag-keys";
import type { TapQuery } from "./nfc/tag-input";
import { stores } from "./stores";
import { verificationByToken, type VerifiedTwin } from "./verification.server";
import { countVisitorLookup } from "./visitor-lookups.server";

/*
 * One tap of an NTAG 424 DNA tag (docs/decisions/0063-physical-proof.md): the PICC data decrypted
 * with the shop's meta-read key, the tag found by its UID, the MAC checked with the tag's file-read
 * key, then its read counter taken only if above the last accepted one. The answer never carries
 * the UID or a key, and nothing of the visitor is kept but the rate limit's bucket.
 */

export type TapAnswer =
  /** The tag itself, read now: the twin it is bound to, and the tag's read counter. */
  | { kind: "authentic"; tapNumber: number; twin: VerifiedTwin }
  /** A URL the tag gave before: its counter is not above one already accepted. */
  | { kind: "copied" }
  /** Not made by one of the shop's tags: unreadable, an unknown or retired UID, or a MAC that does not verify. */
  | { kind: "not_genuine" };

const NOT_GENUINE: TapAnswer = { kind: "not_genuine" };

/** The answer to a tap's URL; counts toward the visitor's lookups (RATE_LIMITED past them), like the verification page. */
export async function verifyTap(
  shop: string,
  query: TapQuery,
  client: { address: string },
  viewerCustomerId: string | null,
): Promise<TapAnswer> {
  await countVisitorLookup(client.address);
  const keyring = await shopMasterKey(shop);
  if (!keyring) return NOT_GENUINE;
  const picc = decryptPiccData(metaReadKeyOf(keyring.master), query.piccData);
  if (!picc) return NOT_GENUINE;
  const tag = await stores().nfcTags.byUid(shop, picc.uid.toString("hex").toUpperCase());
  if (!tag) return NOT_GENUINE;
  if (!sdmMacMatches(sdmMac(fileReadKeyOf(keyring.master, picc.uid), picc), query.cmac)) {
    await stores().nfcTags.countInvalid(tag.id);
    return NOT_GENUINE;
  }
  if (tag.status !== "ACTIVE") return NOT_GENUINE;
  if (!(await stores().nfcTags.acceptCounter(tag.id, picc.counter, new Date()))) {
    await stores().nfcTags.countCopied(tag.id);
    return { kind: "copied" };
  }
  const [twin] = await stores().names.twinViewsByIds(shop, [tag.twinId]);
  const verified = twin ? await verificationByToken(shop, twin.verifyToken, viewerCustomerId) : null;
  return verified?.kind === "twin" ? { kind: "authentic", tapNumber: picc.counter, twin: verified } : NOT_GENUINE;
}
