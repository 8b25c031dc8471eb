import {
  currencyCode,
  email,
  firstName,
  httpUrl,
  isoDateTime,
  livemode,
  locale,
  owner,
  phone,
  text,
  VERIFY_URL_DESCRIPTION,
  walletPublicKey,
} from "./common";
import { chainState } from "./chain";
import { CARD_CURSOR_PATTERN } from "./cursor";
import { serialFields } from "./serial";
import { z } from "./zod";

export const CARD_STATUSES = ["PENDING_REDEMPTION", "OWNED", "PENDING_TRANSFER", "VOID"] as const;
export const cardStatus = z.enum(CARD_STATUSES);
export type CardStatus = z.infer<typeof cardStatus>;

export const CARD_CUSTODIES = ["WALLET", "HELD"] as const;
export const cardCustody = z.enum(CARD_CUSTODIES);
export type CardCustody = z.infer<typeof cardCustody>;

export const MAX_BATCH_CARDS = 500;
const MAX_METADATA_VALUE_BYTES = 4096;

export const media = z
  .object({
    imageUrls: z.array(httpUrl).max(20, "At most 20 image URLs").default([]),
    videoUrls: z.array(httpUrl).max(20, "At most 20 video URLs").default([]),
  })
  .strict()
  .meta({ id: "Media" });

const metadataValue = z
  .union([z.string(), z.number(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: "Must be a string, number, object or array",
  })
  .meta({
    description: "A string, number, array or object, at most 4 KiB as JSON (UTF-8). With metaType PRICE: [amount >= 0, ISO 4217 code]",
  });

// A PRICE entry's value, as the document states it (isPrice below checks it).
const PRICE_RULE = {
  if: { properties: { metaType: { const: "PRICE" } }, required: ["metaType"] },
  then: {
    properties: {
      value: {
        type: "array",
        prefixItems: [{ type: "number", minimum: 0 }, { $ref: "#/components/schemas/CurrencyCode" }],
        minItems: 2,
        maxItems: 2,
      },
    },
  },
};

export const metadataEntry = z
  .object({
    key: z.string().min(1, "Must not be empty").max(64, "Must be at most 64 characters"),
    value: metadataValue,
    metaType: z
      .string()
      .min(1)
      .max(64, "Must be at most 64 characters")
      .default("NO_TYPE")
      .meta({ description: "Free classification; known: RETAIL_IDENTIFIER, PRICE, NO_TYPE" }),
    visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PUBLIC").meta({ description: "PRIVATE entries never leave the merchant side" }),
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
  .meta({
    id: "MetadataEntry",
    description: 'One fact about the card. With metaType PRICE, value is [amount >= 0, ISO 4217 currency code], e.g. [189.9, "EUR"]',
    examples: [
      { key: "price", value: [189.9, "EUR"], metaType: "PRICE" },
      { key: "tier", value: "gold" },
      { key: "supplier_ref", value: "NW-2291", metaType: "RETAIL_IDENTIFIER", visibility: "PRIVATE" },
    ],
    ...PRICE_RULE,
  });

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
  })
  // uniqueItems compares whole entries; no JSON Schema keyword says "unique by key".
  .meta({ description: "At most 50 entries; each key at most once" });
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

/** A redemption code a merchant chooses: 8+ letters and digits in at most 80 characters; spaces and hyphens are ignored. */
export const customCode = z
  .string()
  .max(80, "Must be at most 80 characters")
  .regex(/^[A-Za-z0-9 -]*$/, "Only letters, digits, spaces and hyphens")
  // Given the first rule, the same as "at least 8 letters or digits once spaces and hyphens are gone".
  .regex(/^[ -]*(?:[A-Za-z0-9][ -]*){8,}$/, "Must have at least 8 letters or digits");

const expiresAt = isoDateTime
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now(), "Must be in the future")
  .refine((date) => date.getTime() <= Date.now() + 366 * 86_400_000, "Must be within a year")
  .meta({ description: "When the redemption code stops working: in the future, at most 366 days from now; default 90 days from creation" });

export interface RedemptionTarget {
  phone?: string;
  email?: string;
  code?: string;
  expiresAt?: Date;
  /** The recipient's locale and first name, for their claim message. */
  locale?: string;
  firstName?: string;
}

export type CardData = z.output<typeof cardInput>;
export type Recipient = { kind: "redemption"; redemption: RedemptionTarget } | { kind: "owner"; owner: string; publicKey: string };

const REDEMPTION_FIELDS = ["phone", "email", "expiresAt", "locale", "firstName"] as const;
const OWNER_FIELDS = ["owner", "publicKey"] as const;

// The rules between fields that the superRefines below enforce, as JSON Schema states them.
const anyPresent = (fields: readonly string[]) => ({ anyOf: fields.map((field) => ({ required: [field] })) });
// A field whose schema is `false` must be left out.
const absent = (fields: readonly string[]) => ({ properties: Object.fromEntries(fields.map((field) => [field, false])) });
const CARD_RECIPIENT_RULE = {
  oneOf: [
    { title: "By redemption", ...anyPresent(["phone", "email"]), ...absent(OWNER_FIELDS) },
    { title: "By owner", required: [...OWNER_FIELDS], ...absent(REDEMPTION_FIELDS) },
  ],
};
const BATCH_RECIPIENT_RULE = {
  oneOf: [
    { title: "By redemption", required: ["redemption"], ...absent(OWNER_FIELDS) },
    { title: "By owner", required: [...OWNER_FIELDS], ...absent(["redemption"]) },
  ],
};

/** POST /v1/unit-cards: a card's fields plus either a destination (phone/email) or an owner. */
export const createCardInput = cardInput
  .extend({
    phone: phone.optional(),
    email: email.optional(),
    expiresAt: expiresAt.optional(),
    locale: locale.optional(),
    firstName: firstName.optional(),
    owner: owner.optional(),
    publicKey: walletPublicKey.optional(),
  })
  .superRefine((input, ctx) => {
    const hasRedemption = REDEMPTION_FIELDS.some((field) => input[field] !== undefined);
    const hasOwner = OWNER_FIELDS.some((field) => input[field] !== undefined);
    if (hasRedemption && hasOwner) {
      for (const field of [...REDEMPTION_FIELDS, ...OWNER_FIELDS].filter((f) => input[f] !== undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: "Send either phone/email (by redemption) or owner + publicKey (by owner), not both",
        });
      }
    } else if (hasOwner) {
      for (const field of OWNER_FIELDS.filter((f) => input[f] === undefined)) {
        ctx.addIssue({ code: "custom", path: [field], message: "Required when creating a card by owner" });
      }
    } else if (input.phone === undefined && input.email === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "Give phone and/or email (by redemption), or owner + publicKey (by owner)",
      });
    }
  })
  .transform(({ phone, email, expiresAt, locale, firstName, owner, publicKey, ...card }): { card: CardData; recipient: Recipient } => ({
    card,
    recipient:
      owner && publicKey
        ? { kind: "owner", owner, publicKey }
        : { kind: "redemption", redemption: { phone, email, expiresAt, locale, firstName } },
  }))
  .meta({
    id: "CreateUnitCardInput",
    description:
      "Either phone and/or email, and expiresAt, locale and firstName if you like (by redemption), or owner + publicKey (by owner)",
    ...CARD_RECIPIENT_RULE,
  });

export const redemptionInput = z
  .object({
    phone: phone.optional(),
    email: email.optional(),
    code: customCode.optional().meta({
      description:
        "Your own code: letters, digits, spaces and hyphens, at least 8 letters or digits, at most 80 characters; " +
        "unique in the shop once spaces and hyphens are dropped, case ignored and O read as 0, I and L as 1 (else 409). Generated when absent",
    }),
    expiresAt: expiresAt.optional(),
    locale: locale.optional(),
    firstName: firstName.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.phone === undefined && input.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Give phone and/or email" });
    }
  })
  .meta(anyPresent(["phone", "email"]));

/** POST /v1/unit-cards/_actions/batch: one redemption (one shared code) or one owner for every card. */
export const createBatchInput = z
  .object({
    redemption: redemptionInput.optional(),
    owner: owner.optional(),
    publicKey: walletPublicKey.optional(),
    cards: z.array(cardInput).min(1, "Give at least one card").max(MAX_BATCH_CARDS, `At most ${MAX_BATCH_CARDS} cards per batch`),
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
  .meta({
    id: "CreateUnitCardBatchInput",
    description: "redemption (one code for every card) or owner + publicKey (every card owned now)",
    ...BATCH_RECIPIENT_RULE,
  });

export const redeemInput = z
  .object({
    code: z
      .string()
      .min(1, "Required")
      .max(80, "Must be at most 80 characters")
      .meta({
        description:
          "The code as received; case, spaces and hyphens don't matter, O reads as 0 and I, L as 1. " +
          "A code this shop never issued is 404, one redeemed before 409, one expired 410",
        examples: ["7KQ2-M9XD-R4TB"],
      }),
    owner,
    publicKey: walletPublicKey.optional().meta({
      description:
        "The wallet the cards go to. Leave it out to claim them with no wallet: the shop holds them for their owner " +
        "(custody HELD, publicKey null) until the owner links a wallet",
    }),
  })
  .strict()
  .meta({ id: "RedeemInput" });

export const listCardsQuery = z
  .object({
    owner: owner.optional(),
    status: cardStatus.optional(),
    cursor: z
      .string()
      .max(64)
      .meta({
        description: "nextCursor of the previous page (empty: the first page). Any other value is 422",
        pattern: CARD_CURSOR_PATTERN,
      })
      .optional(),
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
    ...serialFields,
    media: z.object({ imageUrls: z.array(z.string()), videoUrls: z.array(z.string()) }),
    metadata: z.array(z.object({ key: z.string(), value: z.unknown(), metaType: z.string(), visibility: z.enum(["PUBLIC", "PRIVATE"]) })),
    owner: z.string().nullable(),
    publicKey: z
      .string()
      .nullable()
      .meta({ description: "The owner's wallet; null while the card waits for its claim, and while the shop holds it (custody HELD)" }),
    custody: cardCustody.nullable().meta({
      description:
        "Who keeps an owned card: WALLET, in the owner's wallet (publicKey); HELD, by the shop for its owner, who claimed it " +
        "with no wallet (publicKey null) and may link one later. null while the card is not owned",
    }),
    status: cardStatus,
    createdAt: z.string(),
    redeemedAt: z.string().nullable(),
    voidedAt: z.string().nullable().meta({
      description:
        "When the card was voided (status VOID): by the merchant, or because its order was cancelled or refunded before it was claimed",
    }),
    voidReason: z.string().nullable(),
    redemption: maskedRedemption.nullable(),
    chain: chainState,
    verifyUrl: z.string().meta({ description: VERIFY_URL_DESCRIPTION }),
    livemode,
  })
  .meta({ id: "UnitCard" });
export type UnitCard = z.infer<typeof unitCard>;

/** POST /v1/unit-cards/{id}/_actions/void: why, shown to the merchant with the card. */
export const voidCardInput = z
  .object({
    reason: text(500).optional().meta({ description: 'Why the card was voided; default "Voided by the merchant"' }),
  })
  .strict()
  .meta({ id: "VoidCardInput" });
