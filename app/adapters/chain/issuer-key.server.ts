import { createHmac } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";

/**
 * The issuer keypair from ISSUER_SECRET_KEY: base58 (as Phantom exports it) or
 * a JSON byte array (as `solana-keygen` writes it), 64 bytes either way.
 * Errors never repeat the value.
 */
export function parseIssuerSecretKey(value: string): Keypair {
  const text = value.trim();
  let bytes: Uint8Array;
  try {
    bytes = text.startsWith("[") ? Uint8Array.from(JSON.parse(text) as number[]) : bs58.decode(text);
  } catch {
    throw new Error("ISSUER_SECRET_KEY must be a base58 string or a JSON array of 64 bytes");
  }
  if (bytes.length !== 64) throw new Error(`ISSUER_SECRET_KEY must hold 64 bytes, not ${bytes.length}`);
  try {
    return Keypair.fromSecretKey(bytes);
  } catch {
    throw new Error("ISSUER_SECRET_KEY is not a valid ed25519 secret key");
  }
}

/**
 * The keypair of the mint for one NFT record, derived from the issuer's secret
 * and the record id: the same record always gets the same mint address, so the
 * address is known (and stored) before the first send and no mint secret is
 * ever stored.
 */
export function mintKeypairFor(issuer: Keypair, recordId: string): Keypair {
  const seed = createHmac("sha256", issuer.secretKey).update(`twin-cards/mint/v1/${recordId}`).digest();
  return Keypair.fromSeed(seed);
}
