import { walletPublicKey } from "./common";
import { universalName } from "./name";
import { z } from "./zod";

/** A host name as a browser's `location.host` gives it (no port needed for a storefront). */
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** What a customer's page asks for to link a wallet by signing: the wallet's key, and the host the page is on. */
export const walletChallengeInput = z
  .object({
    publicKey: walletPublicKey,
    domain: z.string().trim().toLowerCase().regex(HOST, "Must be a host name, e.g. harbor-and-pine.com").optional().meta({
      description:
        "The storefront's host, named in the message so the wallet can show where it is signing; the shop's myshopify domain when absent",
    }),
    language: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, "Must be a language tag, e.g. fr or en-GB")
      .max(35, "Must be at most 35 characters")
      .optional()
      .meta({ description: "The language of the customer's page: the sentence the wallet shows is in it when the app speaks it" }),
  })
  .strict();

/** The signed challenge: which one, the wallet's signature of its message, and a universal name to register in the same step. */
export const walletLinkInput = z
  .object({
    challengeId: z.string().min(1, "Required").max(64, "Must be at most 64 characters"),
    signature: z
      .string()
      .min(1, "Required")
      .max(200, "Must be at most 200 characters")
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Must be the wallet's signature in base64"),
    signedMessage: z
      .string()
      .min(1, "Required")
      .max(4000, "Must be at most 4000 characters")
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Must be the signed message in base64")
      .optional()
      .meta({
        description:
          "What a `solana:signIn` wallet signed (its `signedMessage`), in base64: it must state exactly the fields issued. Absent: the signature is of the challenge's `message`",
      }),
    name: universalName.optional(),
  })
  .strict();

/** A pasted address, linked without a signature only once the customer accepts that a mistyped address loses the items. */
export const unsignedWalletLinkInput = z
  .object({
    publicKey: walletPublicKey,
    acknowledgeRisk: z.literal(true, { error: "Confirm that you checked the address: an item sent to a mistyped address is lost" }),
    name: universalName.optional(),
  })
  .strict();

export type WalletChallengeCommand = z.output<typeof walletChallengeInput>;
export type WalletLinkCommand = z.output<typeof walletLinkInput>;
export type UnsignedWalletLinkCommand = z.output<typeof unsignedWalletLinkInput>;
