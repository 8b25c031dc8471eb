// The variables a claim message template may use (docs/decisions/0031-branded-localized-messages.md),
// as a shape the template checker walks. Nothing else is ever given to a template.

export type Shape = "text" | { object: Record<string, Shape> } | { list: Shape };

const CARD: Shape = { object: { name: "text", image_url: "text" } };

/** Every variable a template can read, and what each holds. */
export const MESSAGE_VARIABLES: Record<string, Shape> = {
  shop: { object: { name: "text" } },
  card: CARD,
  cards: { list: CARD },
  code: "text",
  claim_url: "text",
  expires_at: "text",
  customer: { object: { first_name: "text" } },
};

/** What a template is given to render: built from the outbox payload and the shop's profile, nothing more. */
export interface MessageScope {
  shop: { name: string };
  /** The first (often the only) card. */
  card: { name: string; image_url: string | null };
  cards: { name: string; image_url: string | null }[];
  code: string;
  claim_url: string;
  /** Already written the reader's way in the shop's time zone: Liquid's own date filter knows neither. */
  expires_at: string;
  customer: { first_name: string | null };
  /** A gift's giver as they chose to be named (gift messages only; not a variable of the shop's templates). */
  giver?: { name: string | null };
  /** Who claimed a giver's gift and when (the gift-claimed notice only; not a variable of the shop's templates). */
  gift_claimed?: { recipient: string; claimed_on: string };
}

/**
 * The first part of `path` a template may not read, as written (`shop.email`), or
 * null when the whole path is known. Lists answer size, first, last and indexes;
 * text answers size; a computed index (`cards[i]`) is allowed on lists only.
 */
export function unknownPart(path: readonly (string | number | object)[]): string | null {
  const [root, ...rest] = path;
  if (typeof root !== "string" || !(root in MESSAGE_VARIABLES)) return String(root);
  let shape: Shape | "number" = MESSAGE_VARIABLES[root]!;
  let written = root;
  for (const segment of rest) {
    const name = typeof segment === "object" ? "[…]" : String(segment);
    written += typeof segment === "string" ? `.${name}` : `[${name}]`;
    const next = step(shape, segment);
    if (next === null) return written;
    shape = next;
  }
  return null;
}

/** The shape a segment leads to, or null when there is none. */
function step(shape: Shape | "number", segment: string | number | object): Shape | "number" | null {
  if (shape === "number") return null;
  if (segment === "size" && (shape === "text" || "list" in shape)) return "number";
  if (shape === "text") return null;
  if ("list" in shape) return segment === "first" || segment === "last" || typeof segment !== "string" ? shape.list : null;
  return typeof segment === "string" && Object.hasOwn(shape.object, segment) ? shape.object[segment]! : null;
}
