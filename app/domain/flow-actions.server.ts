import { z } from "zod";
import { voidCard } from "./card-void.server";
import { createCardFor } from "./cards.server";
import { DomainError, fieldError, type ErrorDetail } from "./errors";
import { shopifyOwner } from "./owners";
import { createCardInput, parseInput, type UnitCard } from "./schemas";
import { stores } from "./stores";

/*
 * Shopify Flow's actions (issue 27 item 1, decision 0049): "Issue a card to customer"
 * and "Void a card". The route (app/routes/flow.actions.*) verifies Flow's HMAC and
 * runs each action run once; here the action's fields become the card services'
 * commands, whose rules refuse what they refuse with a message naming the field as
 * the merchant sees it in the Flow editor.
 */

/** A Shopify customer of the shop, as the Admin API gave them (null: the shop has no such customer). */
export interface FlowCustomer {
  id: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  locale: string | null;
}

/** The fields' labels in the Flow editor (extensions/flow-issue-card, flow-void-card), by key. */
const LABELS: Record<string, string> = {
  customer_id: "Customer ID",
  card_name: "Card name",
  image_url: "Image URL",
  metadata: "Metadata",
  by_redemption: "Send a claim code",
  card_id: "Card ID",
  reason: "Reason",
};

/** A numeric id, as Flow sends a reference (a number) or as text. */
const numericId = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,19}$/)], {
  error: "Must be a Shopify customer's numeric id",
});
const optionalText = z.string().optional().nullable();

const issueCardProperties = z.object({
  customer_id: numericId,
  card_name: z.string({ error: "Required" }),
  image_url: optionalText,
  metadata: optionalText,
  by_redemption: z
    .union([z.boolean(), z.literal("true"), z.literal("false")])
    .optional()
    .nullable(),
});

const voidCardProperties = z.object({
  card_id: z.string({ error: "Required" }).trim().min(1, "Required"),
  reason: optionalText,
});

/** A refusal whose message and details name the Flow field (`Card name: …`), from one naming the card's (`name: …`). */
function asFlowFields(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.code !== "VALIDATION_FAILED" || error.details.length === 0) return error;
  const details: ErrorDetail[] = error.details.map(({ path, message }) => ({ path: flowFieldOf(path), message }));
  const [first] = details;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return new DomainError(error.code, `${LABELS[first!.path] ?? first!.path}: ${first!.message}${more}`, details);
}

const flowFieldOf = (path: string) => {
  const root = /^[a-z_A-Z]+/.exec(path)?.[0] ?? path;
  return (
    ({ name: "card_name", media: "image_url", metadata: "metadata", email: "customer_id", phone: "customer_id" } as Record<string, string>)[
      root
    ] ?? root
  );
};

/** `key: value` per line, as a merchant types metadata in Flow's text box. */
function metadataOf(text: string | null | undefined) {
  const lines = (text ?? "").split(/\r?\n/).filter((line) => line.trim() !== "");
  return lines.map((line, index) => {
    const colon = line.indexOf(":");
    if (colon <= 0) throw fieldError("metadata", `Line ${index + 1} must be "key: value"`);
    return { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  });
}

/**
 * Issue a card to customer: to the customer as its owner, in the wallet of their first universal
 * name; or (by_redemption) by a claim code sent to their e-mail and phone. Another shop's customer
 * (one `findCustomer` does not know) is NOT_FOUND; a template the card rules refuse names its field.
 */
export async function issueCardForFlow(
  shop: string,
  properties: unknown,
  findCustomer: (id: string) => Promise<FlowCustomer | null>,
): Promise<UnitCard> {
  try {
    const fields = parseInput(issueCardProperties, properties);
    const customerId = String(fields.customer_id);
    const customer = await findCustomer(customerId);
    if (!customer)
      throw new DomainError("NOT_FOUND", `Customer ID: this shop has no customer ${customerId}`, [
        { path: "customer_id", message: "Not a customer of this shop" },
      ]);
    const card = {
      name: fields.card_name,
      media: { imageUrls: fields.image_url?.trim() ? [fields.image_url.trim()] : [], videoUrls: [] },
      metadata: metadataOf(fields.metadata),
    };
    const byRedemption = fields.by_redemption === true || fields.by_redemption === "true";
    const recipient = byRedemption ? await claimCodeTo(customer) : await ownerOf(customer);
    return await createCardFor(shop, parseInput(createCardInput, { ...card, ...recipient }), true, byRedemption ? customerId : undefined);
  } catch (error) {
    throw asFlowFields(error);
  }
}

async function claimCodeTo(customer: FlowCustomer) {
  if (!customer.email && !customer.phone)
    throw fieldError("by_redemption", "The customer has no e-mail address or phone number to send the claim code to");
  return {
    ...(customer.email ? { email: customer.email } : {}),
    ...(customer.phone ? { phone: customer.phone } : {}),
    ...(customer.locale ? { locale: customer.locale } : {}),
    ...(customer.firstName ? { firstName: customer.firstName } : {}),
  };
}

async function ownerOf(customer: FlowCustomer) {
  const owner = shopifyOwner(customer.id);
  const name = await stores().names.firstLiveNameOfOwner(owner);
  if (!name)
    throw fieldError(
      "by_redemption",
      "The customer has no universal name (wallet) to own the card: turn on this field to send them a claim code instead",
    );
  return { owner, publicKey: name.publicKey };
}

/** Void a card: one of the shop's cards still waiting for its claim (another shop's is NOT_FOUND, an owned one CONFLICT). */
export async function voidCardForFlow(shop: string, properties: unknown): Promise<UnitCard> {
  try {
    const { card_id, reason } = parseInput(voidCardProperties, properties);
    const why = reason?.trim() ? reason.trim().slice(0, 500) : "Voided by a Shopify Flow workflow";
    return await voidCard(shop, card_id, why).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === "NOT_FOUND")
        throw new DomainError("NOT_FOUND", `Card ID: this shop has no card ${card_id}`, [
          { path: "card_id", message: "Not a card of this shop" },
        ]);
      if (error instanceof DomainError && error.code === "CONFLICT")
        throw new DomainError("CONFLICT", `Card ID: card ${card_id} is already owned by its customer; an owned card cannot be voided`, [
          { path: "card_id", message: "Already owned: only a card waiting for its claim can be voided" },
        ]);
      throw error;
    });
  } catch (error) {
    throw asFlowFields(error);
  }
}
