import { createHmac } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";

/**
 * The issuer's ed25519 key from ISSUER_SECRET_KEY, without Solana's client library:
 * `@solana/web3.js` costs about 25 MB of memory, and only the minter, which
 * signs, needs it (it is loaded with the minter, when chain issuing is on).
 */
export interface IssuerKey {
  /** The 64 bytes Solana keypairs are exported as: the seed, then the public key. */
  secretKey: Uint8Array;
  /** The public key in base58: the issuer's address. */
  address: string;
}

/**
 * The issuer key from ISSUER_SECRET_KEY: base58 (as Phantom exports it) or a
 * JSON byte array (as `solana-keygen` writes it), 64 bytes either way, whose
 * second half is the public key of its first. Errors never repeat the value.
 */
export function parseIssuerSecretKey(value: string): IssuerKey {
  const text = value.trim();
  let bytes: Uint8Array;
  try {
    bytes = text.startsWith("[") ? Uint8Array.from(JSON.parse(text) as number[]) : bs58.decode(text);
  } catch {
    throw new Error("ISSUER_SECRET_KEY must be a base58 string or a JSON array of 64 bytes");
  }
  if (bytes.length !== 64) throw new Error(`ISSUER_SECRET_KEY must hold 64 bytes, not ${bytes.length}`);
  const publicKey = ed25519.getPublicKey(bytes.slice(0, 32));
  if (!publicKey.every((byte, i) => byte === bytes[32 + i])) throw new Error("ISSUER_SECRET_KEY is not a valid ed25519 secret key");
  return { secretKey: bytes, address: bs58.encode(publicKey) };
}

/**
 * The seed of the mint keypair for one NFT record, derived from the issuer's
 * secret and the record id: the same record always gets the same mint address,
 * so the address is known (and stored) before the first send and no mint secret
 * is ever stored.
 */
export const mintSeedFor = (issuer: { secretKey: Uint8Array }, recordId: string): Uint8Array =>
  createHmac("sha256", issuer.secretKey).update(`twin-cards/mint/v1/${recordId}`).digest();

/** The address of the mint for one NFT record (the public key of `mintSeedFor`'s keypair). */
export const mintAddressFor = (issuer: IssuerKey, recordId: string): string =>
  bs58.encode(ed25519.getPublicKey(mintSeedFor(issuer, recordId)));
