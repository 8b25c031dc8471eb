import { isAppSerial } from "./digital-link";
import { gtin14Of } from "./gtin";
import { identityFrom, type ItemIdentity } from "./item-products.server";
import { LINK_TITLES, type ItemLink, type ResolvedItem } from "./linkset";
import { ports } from "./ports";
import { stores } from "./stores";
import { countVisitorLookup } from "./visitor-lookups.server";
import { verifyUrlOf } from "./verify-url";

/*
 * The GS1-conformant resolver of the app's Digital Links (GS1-Conformant Resolver standard 1.1,
 * docs/decisions/0063-physical-proof.md): `/01/<GTIN>/21/<serial>` on the shop's domain names
 * one twin or card; its links are the product page, the verification page, the claim page while
 * the item can be claimed, and the links the merchant set for the GTIN.
 */

/** What an item shows through its links: nothing of a card that is not claimed beyond that it exists. */
export interface LinkedItem {
  verifyToken: string;
  /** The item's name, or null where its page shows none (a card waiting for its claim, or voided). */
  description: string | null;
  /** A card waiting for its (gift's) claim: the claim page is a link. */
  claimable: boolean;
}

/** The item's links, from its product record and the links the merchant set for its GTIN. */
export async function resolvedItemOf(
  shop: string,
  identity: ItemIdentity & { digitalLink: string },
  item: LinkedItem,
): Promise<ResolvedItem> {
  const link = (type: ItemLink["type"], href: string): ItemLink => ({ type, href, title: LINK_TITLES[type] });
  const certificate = link("certificationInfo", verifyUrlOf(shop, item.verifyToken));
  const merchant = identity.gtin ? await stores().itemProducts.productLinks(shop, identity.gtin) : [];
  const links = [
    ...(identity.productUrl ? [link("pip", identity.productUrl)] : []),
    certificate,
    ...(item.claimable ? [link("registerProduct", `https://${shop}${ports().urls.proxyPath()}/redeem`)] : []),
    ...merchant.map((entry) => link(entry.linkType, entry.href)),
  ];
  return { anchor: identity.digitalLink, description: item.description ?? "", links, defaultLink: certificate };
}

/** What the page, the linkset and the redirects of a resolved item need. */
export interface Resolution {
  item: ResolvedItem;
  verifyToken: string;
}

/**
 * The shop's item named by a Digital Link's GTIN (8, 12, 13 or 14 digits with a valid check digit) and
 * serial, with its links; null for anything else, without saying why. Counts toward the visitor's
 * lookups (RATE_LIMITED past them), like the verification page.
 */
export async function resolveDigitalLink(
  shop: string,
  gtinText: string,
  serialText: string,
  client: { address: string },
): Promise<Resolution | null> {
  await countVisitorLookup(client.address);
  const gtin = gtin14Of(gtinText);
  if (gtin === null || !isAppSerial(serialText)) return null;
  const product = await stores().itemProducts.byGs1(shop, gtin, serialText);
  if (!product) return null;
  const { digitalLink, ...identity } = identityFrom(product);
  const item = await linkedItem(shop, product.kind, product.itemId);
  if (!digitalLink || !item) return null;
  return { item: await resolvedItemOf(shop, { ...identity, digitalLink }, item), verifyToken: item.verifyToken };
}

/** The twin or card as its links show it; null when it is gone. */
async function linkedItem(shop: string, kind: "twin" | "card", id: string): Promise<LinkedItem | null> {
  if (kind === "twin") {
    const [twin] = await stores().names.twinViewsByIds(shop, [id]);
    return twin ? { verifyToken: twin.verifyToken, description: twin.title, claimable: false } : null;
  }
  const [card] = await stores().cards.viewsInShop(shop, [id]);
  if (!card) return null;
  const owned = card.status === "OWNED" || card.status === "PENDING_TRANSFER";
  return {
    verifyToken: card.verifyToken,
    description: owned ? card.name : null,
    claimable: card.status === "PENDING_REDEMPTION" || card.status === "PENDING_TRANSFER",
  };
}
