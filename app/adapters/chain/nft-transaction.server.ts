import {
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMintInstruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  getMintLen,
  LENGTH_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TYPE_SIZE,
} from "@solana/spl-token";
import { createInitializeInstruction, createUpdateFieldInstruction, pack, type TokenMetadata } from "@solana/spl-token-metadata";
import { SystemProgram, Transaction, type Keypair, type PublicKey } from "@solana/web3.js";
import type { RecentBlockhash } from "./port";

/** What goes on-chain in the mint's TokenMetadata extension. */
export interface OnChainMetadata {
  name: string;
  symbol: string;
  uri: string;
  /** Extra key/value fields, in order. */
  additional: [string, string][];
}

/** Bytes and rent the mint account needs once its metadata is written. */
export function mintAccountSize(mint: PublicKey, issuer: PublicKey, metadata: OnChainMetadata) {
  const mintLen = getMintLen([ExtensionType.MetadataPointer]);
  const tokenMetadata: TokenMetadata = {
    mint,
    updateAuthority: issuer,
    name: metadata.name,
    symbol: metadata.symbol,
    uri: metadata.uri,
    additionalMetadata: metadata.additional,
  };
  return { mintLen, totalLen: mintLen + TYPE_SIZE + LENGTH_SIZE + pack(tokenMetadata).length };
}

/**
 * One transaction that creates a Token-2022 NFT and gives it to `recipient`:
 * the mint account (at the fixed `mint` keypair's address) with MetadataPointer
 * to itself and TokenMetadata, decimals 0, one token to the recipient's
 * associated token account, then the mint authority revoked so supply stays 1.
 * All or nothing: if any step fails, nothing exists; a second copy fails on the
 * already created mint account, so it can never mint twice.
 */
export function buildNftTransaction(args: {
  issuer: Keypair;
  mint: Keypair;
  recipient: PublicKey;
  metadata: OnChainMetadata;
  rentLamports: number;
  lifetime: RecentBlockhash;
}): Transaction {
  const { issuer, mint, recipient, metadata } = args;
  const { mintLen } = mintAccountSize(mint.publicKey, issuer.publicKey, metadata);
  const programId = TOKEN_2022_PROGRAM_ID;
  const ata = getAssociatedTokenAddressSync(mint.publicKey, recipient, true, programId);

  const transaction = new Transaction({
    feePayer: issuer.publicKey,
    blockhash: args.lifetime.blockhash,
    lastValidBlockHeight: args.lifetime.lastValidBlockHeight,
  }).add(
    // Space for the mint alone (the metadata initializer grows the account), lamports for the final size.
    SystemProgram.createAccount({
      fromPubkey: issuer.publicKey,
      newAccountPubkey: mint.publicKey,
      space: mintLen,
      lamports: args.rentLamports,
      programId,
    }),
    createInitializeMetadataPointerInstruction(mint.publicKey, issuer.publicKey, mint.publicKey, programId),
    createInitializeMintInstruction(mint.publicKey, 0, issuer.publicKey, null, programId),
    createInitializeInstruction({
      programId,
      metadata: mint.publicKey,
      updateAuthority: issuer.publicKey,
      mint: mint.publicKey,
      mintAuthority: issuer.publicKey,
      name: metadata.name,
      symbol: metadata.symbol,
      uri: metadata.uri,
    }),
    ...metadata.additional.map(([field, value]) =>
      createUpdateFieldInstruction({ programId, metadata: mint.publicKey, updateAuthority: issuer.publicKey, field, value }),
    ),
    createAssociatedTokenAccountIdempotentInstruction(issuer.publicKey, ata, recipient, mint.publicKey, programId),
    createMintToInstruction(mint.publicKey, ata, issuer.publicKey, 1, [], programId),
    createSetAuthorityInstruction(mint.publicKey, issuer.publicKey, AuthorityType.MintTokens, null, [], programId),
  );
  transaction.sign(issuer, mint);
  return transaction;
}
