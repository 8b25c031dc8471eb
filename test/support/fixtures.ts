import { Keypair, PublicKey } from "@solana/web3.js";
import type { CreateUnitCardInput } from "@twin-cards/client";

/** A fresh wallet key (on the ed25519 curve). */
export const walletKey = () => Keypair.generate().publicKey.toBase58();

/** A program-derived address: a valid public key that is off the curve. */
export const offCurveKey = () =>
  PublicKey.findProgramAddressSync([Buffer.from(`seed-${Math.random()}`)], new PublicKey("11111111111111111111111111111112"))[0].toBase58();

export const uniqueName = (prefix = "name") => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export const cardInput = (name = "Gold membership") =>
  ({
    name,
    media: { imageUrls: ["https://cdn.example.com/gold.png"], videoUrls: [] },
    metadata: [
      { key: "sku", value: "GOLD-1", metaType: "RETAIL_IDENTIFIER" },
      { key: "price", value: [49.5, "EUR"], metaType: "PRICE" },
      { key: "supplier-cost", value: 12, visibility: "PRIVATE" as const },
    ],
  }) satisfies Pick<CreateUnitCardInput, "name" | "media" | "metadata">;

/** A generated redemption code: three groups of four Crockford base32 symbols. */
export const GENERATED_CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const uniqueOwner = () => `shopify|${Math.floor(Math.random() * 2 ** 47) + 1}`;
