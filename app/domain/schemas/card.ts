import { currencyCode, email, httpUrl, isoDateTime, owner, phone, text, walletPublicKey } from "./common";
import { chainState } from "./chain";
import { z } from "./zod";

export const CARD_STATUSES = ["PENDING_REDEMPTION", "OWNED"] as const;
export const cardStatus = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatus>;

export const MAX_BATCH_CARDS = 500;
const MAX_METADATA_VALUE_BYTES = 4096;

export const media = z
  .object({
    imageUrls: z.array(httpUrl).max(20, "At most 20 image URLs").default([]),
    videoUrls: z.array(httpUrl).max(20, "At most 20 video URLs").default([]),
  })
  .strict()
  .meta({ id: "Media" });

const metadataValue = z.union([z.string(), z.number(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
  error: "Must be a string, number, object or array",
});

export const metadataEntry = z
  .object({
    key: z.string().min(1, "Must not be empty").max(64, "Must be at most 64 characters"),
    value: metadataValue,
    metaType: z.string().min(1).max(64, "Must be at most 64 characters").default("NO_TYPE")
      .meta({ description: "Free classification; known: RETAIL_IDENTIFIER, PRICE, NO_TYPE" }),
    visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PUBLIC")
      .meta({ description: "PRIVATE entries never leave the merchant side" }),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (Buffer.byteLength(JSON.stringify(entry.value)) > MAX_METADATA_VALUE_BYTES) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Must be at most 4 KiB when serialized" });
    }
    if (entry.metaType === "PRICE" && !isPrice(entry.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "A PRICE value must be [amount >= 0, ISO 4217 code]" });
    }
  })
  .transform((entry) => {
    if (entry.metaType !== "PRICE" || !Array.isArray(entry.value)) return entry;
    const [amount, currency] = entry.value as [number, string];
    return { ...entry, value: [amount, currency.toUpperCase()] };
  })
  .meta({ id: "MetadataEntry" });

function isPrice(value: unknown): boolean {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [amount, currency] = value;
  return typeof amount === "number" && amount >= 0 && currencyCode.safeParse(currency).success;
}

export const metadata = z
  .array(metadataEntry)
  .max(50, "At most 50 metadata entries")
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: `Duplicate key "${entry.key}"` });
      seen.add(entry.key);
    });
  });
export type MetadataEntry = z.output<typeof metadataEntry>;

/** The fields every card has, whichever way it is created. */
export const cardInput = z
  .object({
    name: text(200),
    media,
    metadata: metadata.default([]),
  })
  .strict()
  .meta({ id: "CardInput" });

/** A redemption code a merchant chooses: 8-64 letters and digits; spaces and hyphens are ignored. */
export const customCode = z
  .string()
  .max(80, "Must be at most 80 characters")
  .refine((value) => /^[A-Za-z0-9 -]*$/.test(value), "Only letters, digits, spaces and hyphens")
  .refine((value) => value.replace(/[\s-]/g, "").length >= 8, "Must have at least 8 letters or digits");

const expiresAt = isoDateTime
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now(), "Must be in the future")
  .refine((date) => date.getTime() <= Date.now() + 366 * 86_400_000, "Must be within a year")
  .meta({ description: "When the redemption code stops working; default 90 days from creation" });

export interface RedemptionTarget {
  phone?: string;
  email?: string;
  code?: string;
  expiresAt?: Date;
}

export type CardData = z.output<typeof cardInput>;
export type Recipient =
  | { kind: "redemption"; redemption: RedemptionTarget }
  | { kind: "owner"; owner: string; publicKey: string };

const REDEMPTION_FIELDS = ["phone", "email", "expiresAt"] as const;
const OWNER_FIELDS = ["owner", "publicKey"] as const;

/** POST /v1/unit-cards: a card's fields plus either a destination (phone/email) or an owner. */
export const createCardInput = cardInput
  .extend({
    phone: phone.optional(),
    email: email.optional(),
    expiresAt: expiresAt.optional(),
    owner: owner.optional(),
    publicKey: walletPublicKey.optional(),
  })
  .superRefine((input, ctx) => {
    const hasRedemption = REDEMPTION_FIELDS.some((field) => input[field] !== undefined);
    const hasOwner = OWNER_FIELDS.some((field) => input[field] !== undefined);
    if (hasRedemption && hasOwner) {
      for (const field of [...REDEMPTION_FIELDS, ...OWNER_FIELDS].filter((f) => input[f] !== undefined)) {
        ctx.addIssue({ code: "custom", path: [field], message: "Send either phone/email (by redemption) or owner + publicKey (by owner), not both" });
      }
    } else if (hasOwner) {
      for (const field of OWNER_FIELDS.filter((f) => input[f] === undefined)) {
        ctx.addIssue({ code: "custom", path: [field], message: "Required when creating a card by owner" });
      }
    } else if (input.phone === undefined && input.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Give phone and/or email (by redemption), or owner + publicKey (by owner)" });
    }
  })
  .transform(({ phone, email, expiresAt, owner, publicKey, ...card }): { card: CardData; recipient: Recipient } => ({
    card,
    recipient: owner && publicKey
      ? { kind: "owner", owner, publicKey }
      : { kind: "redemption", redemption: { phone, email, expiresAt } },
  }))
  .meta({ id: "CreateUnitCardInput", description: "Either phone and/or email (by redemption) or owner + publicKey (by owner)" });

export const redemptionInput = z
  .object({
    phone: phone.optional(),
    email: email.optional(),
    code: customCode.optional().meta({ description: "Your own code (8+ letters/digits); generated when absent" }),
    expiresAt: expiresAt.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.phone === undefined && input.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Give phone and/or email" });
    }
  });

/** POST /v1/unit-cards/_actions/batch: one redemption (one shared code) or one owner for every card. */
export const createBatchInput = z
  .object({
    redemption: redemptionInput.optional(),
    owner: owner.optional(),
    publicKey: walletPublicKey.optional(),
    cards: z
      .array(cardInput)
      .min(1, "Give at least one card")
      .max(MAX_BATCH_CARDS, `At most ${MAX_BATCH_CARDS} cards per batch`),
  })
  .strict()
  .superRefine((input, ctx) => {
    const hasOwner = input.owner !== undefined || input.publicKey !== undefined;
    if (input.redemption && hasOwner) {
      ctx.addIssue({ code: "custom", path: ["redemption"], message: "Send either redemption or owner + publicKey, not both" });
    } else if (hasOwner) {
      for (const field of OWNER_FIELDS.filter((f) => input[f] === undefined)) {
        ctx.addIssue({ code: "custom", path: [field], message: "Required when creating cards by owner" });
      }
    } else if (!input.redemption) {
      ctx.addIssue({ code: "custom", path: ["redemption"], message: "Give redemption (phone/email) or owner + publicKey" });
    }
  })
  .transform(({ redemption, owner, publicKey, cards }): { cards: CardData[]; recipient: Recipient } => ({
    cards,
    recipient: owner && publicKey ? { kind: "owner", owner, publicKey } : { kind: "redemption", redemption: redemption ?? {} },
  }))
  .meta({ id: "CreateUnitCardBatchInput" });

export const redeemInput = z
  .object({
    code: z.string().min(1, "Required").max(80, "Must be at most 80 characters"),
    owner,
    publicKey: walletPublicKey,
  })
  .strict()
  .meta({ id: "RedeemInput" });

export const listCardsQuery = z
  .object({
    owner: owner.optional(),
    status: cardStatus.optional(),
    cursor: z.string().max(64).optional(),
    limit: z.coerce.number().int("Must be a whole number").min(1).max(100).default(50),
  })
  .strict();

const maskedRedemption = z.object({
  phone: z.string().nullable().meta({ description: "Masked, e.g. +1******4567" }),
  email: z.string().nullable().meta({ description: "Masked, e.g. j***@example.com" }),
  expiresAt: z.string(),
  code: z.string().optional().meta({ description: "Only in the creation response: the only time the code is returned" }),
});

export const unitCard = z
  .object({
    id: z.string(),
    name: z.string(),
    media: z.object({ imageUrls: z.array(z.string()), videoUrls: z.array(z.string()) }),
    metadata: z.array(z.object({ key: z.string(), value: z.unknown(), metaType: z.string(), visibility: z.enum(["PUBLIC", "PRIVATE"]) })),
    owner: z.string().nullable(),
    publicKey: z.string().nullable(),
    status: cardStatus,
    createdAt: z.string(),
    redeemedAt: z.string().nullable(),
    redemption: maskedRedemption.nullable(),
    chain: chainState,
  })
  .meta({ id: "UnitCard" });
export type UnitCard = z.infer<typeof unitCard>;

