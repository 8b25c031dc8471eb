/*
 * The links a GS1-conformant resolver serves for an item (GS1-Conformant Resolver standard
 * 1.1): as an RFC 9264 linkset (`application/linkset+json`), each link type by its full GS1
 * Web Vocabulary URI; or one link, chosen with `?linkType=gs1:…`, as a redirect.
 */

/** The GS1 Web Vocabulary's namespace, as linksets spell link types. */
export const GS1_VOCABULARY = "https://gs1.org/voc/";

/** The link types the app serves, besides the default link. */
export const LINK_TYPES = ["pip", "certificationInfo", "registerProduct", "sustainabilityInfo", "instructions"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface ItemLink {
  type: LinkType;
  href: string;
  /** In English: a linkset is one document for every reader. */
  title: string;
}

/** What a resolver knows of one item: its Digital Link (the anchor), a description and its links. */
export interface ResolvedItem {
  anchor: string;
  description: string;
  links: ItemLink[];
  /** Where a request with no (or an unknown) link type goes: the item's verification page. */
  defaultLink: ItemLink;
}

export const LINK_TITLES: Record<LinkType, string> = {
  pip: "Product information",
  certificationInfo: "Certificate of authenticity",
  registerProduct: "Claim this item",
  sustainabilityInfo: "Sustainability information",
  instructions: "Instructions",
};

/** What `?linkType=` asks for: the linkset, one link type, or one the app does not serve (the default link then). */
export type LinkTypeRequest = { kind: "linkset" } | { kind: "link"; type: LinkType | "defaultLink" } | { kind: "unknown" };

const PREFIXES = ["gs1:", GS1_VOCABULARY, "https://ref.gs1.org/voc/"];

/** Reads `?linkType=`: `linkset` (or the older `all`), a GS1 link type as a CURIE (`gs1:pip`) or a URI; null when absent. */
export function parseLinkType(value: string | null): LinkTypeRequest | null {
  if (value === null || value === "") return null;
  if (value === "linkset" || value === "all") return { kind: "linkset" };
  const prefix = PREFIXES.find((candidate) => value.startsWith(candidate));
  const name = prefix ? value.slice(prefix.length) : "";
  if (name === "defaultLink") return { kind: "link", type: "defaultLink" };
  return (LINK_TYPES as readonly string[]).includes(name) ? { kind: "link", type: name as LinkType } : { kind: "unknown" };
}

/** The link a request for `type` is sent to: that link when the item has it, else the default link. */
export function linkFor(item: ResolvedItem, request: LinkTypeRequest): ItemLink {
  if (request.kind !== "link" || request.type === "defaultLink") return item.defaultLink;
  return item.links.find((link) => link.type === request.type) ?? item.defaultLink;
}

const target = ({ href, title }: ItemLink) => ({ href, title, type: "text/html" });

/** The item's RFC 9264 linkset, as GS1's resolver standard writes it (link types as full URIs, the default link among them). */
export function linksetOf(item: ResolvedItem) {
  const byType: Record<string, ReturnType<typeof target>[]> = {};
  for (const link of item.links) (byType[`${GS1_VOCABULARY}${link.type}`] ??= []).push(target(link));
  return {
    linkset: [
      {
        anchor: item.anchor,
        description: item.description,
        ...byType,
        [`${GS1_VOCABULARY}defaultLink`]: [target(item.defaultLink)],
      },
    ],
  };
}
export type Linkset = ReturnType<typeof linksetOf>;
