import {
  CURRENCY_CODES,
  currencyCode,
  currencyMinorDigits,
  httpUrl,
  isCurrencyCode,
  livemode,
  solanaPublicKey,
  text,
  VERIFY_URL_DESCRIPTION,
} from "./common";
import { chainState } from "./chain";
import { decodeCursor, TWIN_CURSOR_PATTERN } from "./cursor";
import { serialFields } from "./serial";
import { z } from "./zod";

export const MAX_TWIN_QUANTITY = 1_000_000;
const MAX_PRICE = 1_000_000_000_000;

/** price and currency go together, and price has at most the currency's decimal places: the superRefine below, as JSON Schema states it. */
function priceRules() {
  const byDigits = new Map<number, string[]>();
  for (const code of CURRENCY_CODES) byDigits.set(currencyMinorDigits(code), [...(byDigits.get(currencyMinorDigits(code)) ?? []), code]);
  return {
    dependentRequired: { price: ["currency"], currency: ["price"] },
    allOf: [...byDigits]
      .sort(([a], [b]) => a - b)
      .map(([digits, codes]) => ({
        if: { properties: { currency: { enum: codes } }, required: ["currency"] },
        then: { properties: { price: digits === 0 ? { type: "integer" } : { multipleOf: Number(`1e-${digits}`) } } },
      })),
  };
}

export const issueTwinInput = z
  .object({
    public_key: solanaPublicKey.meta({
      description:
        "data.payload.public_key from validate-name: a Solana public key (format solana-public-key) that must be the name's key, else 422 at public_key",
    }),
    name_id: z.string().min(1, "Required").max(64).meta({
      description: "data.payload.uns_name_id from validate-name. An id no universal name has is 422 at name_id",
    }),
    title: text(255),
    creator: z.string().max(255).default(""),
    description: z.string().max(10_000).default(""),
    quantity: z.number().int("Must be a whole number").min(1, "Must be at least 1").max(MAX_TWIN_QUANTITY),
    price: z
      .number()
      .min(0, "Must be at least 0")
      .max(MAX_PRICE)
      .optional()
      .meta({ description: "With currency; at most the currency's decimal places (2 for EUR, 0 for JPY, 3 for KWD)", examples: [19.99] }),
    currency: currencyCode.optional(),
    brand: z.string().max(255).default(""),
    categories: z.array(z.string().min(1).max(100)).max(50).default([]),
    links: z.array(httpUrl).max(20).default([]),
    images: z.array(httpUrl).max(20).default([]),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.price !== undefined && input.currency === undefined) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "Required when price is given" });
    }
    if (input.currency !== undefined && input.price === undefined) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "Required when currency is given" });
    }
    // Object checks run even when a field failed; only a real currency has a precision.
    if (typeof input.price === "number" && typeof input.currency === "string" && isCurrencyCode(input.currency)) {
      const digits = currencyMinorDigits(input.currency);
      if (Number(input.price.toFixed(digits)) !== input.price) {
        ctx.addIssue({ code: "custom", path: ["price"], message: `${input.currency} allows at most ${digits} decimal places` });
      }
    }
  })
  .meta({ id: "IssueDigitalTwinInput", ...priceRules() });
export type IssueTwinInput = z.output<typeof issueTwinInput>;

export const digitalTwin = z
  .object({
    id: z.string(),
    name_id: z.string(),
    uns_name: z.string(),
    public_key: z.string(),
    title: z.string(),
    ...serialFields,
    creator: z.string(),
    description: z.string(),
    quantity: z.number().int(),
    price: z.number().nullable(),
    currency: z.string().nullable(),
    brand: z.string(),
    categories: z.array(z.string()),
    links: z.array(z.string()),
    images: z.array(z.string()),
    createdAt: z.string(),
    chain: chainState,
    verifyUrl: z.string().meta({ description: VERIFY_URL_DESCRIPTION }),
    livemode,
  })
  .meta({ id: "DigitalTwin" });
export type DigitalTwin = z.infer<typeof digitalTwin>;

/** GET /v1/digital-twins: filters (exact match), the cursor of the previous page and the page size. */
export const listTwinsQuery = z
  .object({
    name_id: z
      .string()
      .min(1, "Required")
      .max(64)
      .optional()
      .meta({ description: "Only twins issued to this universal name: its uns_name_id (a twin's name_id)" }),
    public_key: solanaPublicKey
      .optional()
      .meta({ description: "Only twins issued to this Solana public key (a twin's public_key; format solana-public-key)" }),
    cursor: z
      .string()
      .max(64)
      .refine((value) => value === "" || decodeCursor(value, "twin") !== undefined, "Not a cursor this API returned")
      .meta({
        description: "nextCursor of the previous page (empty: the first page). Any other value is 422",
        pattern: TWIN_CURSOR_PATTERN,
      })
      .optional(),
    limit: z.coerce.number().int("Must be a whole number").min(1).max(100).default(50),
  })
  .strict();
