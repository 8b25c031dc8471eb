import { Keypair, PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { chainMintQueue, type ChainMintFilter } from "~/db/stores/chain-mints.server";
import { loadNftSubject, nftDistributionApproval } from "~/domain/chain-mints.server";
import { MINT_EVENT_OF, recordMintEvent } from "~/domain/mint-events.server";
import { metadataPath, onChainMetadata, type NftSubject } from "~/domain/nft-metadata";
import { stores, type ChainMintRecord } from "~/domain/stores";
import { outboxSettings, OutboxTable, OutboxWorker, type Claim, type OutboxTuning } from "~/lib/outbox-worker";
import { mintSeedFor } from "./issuer-key.server";
import { buildNftTransaction, mintAccountSize } from "./nft-transaction.server";
import type { ChainConfig, ChainIssuing } from "~/wiring/config.server";
import type { ChainError, ChainPort } from "./port";
import { RpcChain } from "./rpc.server";

export interface MinterOptions extends OutboxTuning {
  chain: ChainPort;
  /** The issuer's 64-byte secret key (config's IssuerKey, or a Keypair). */
  issuer: { secretKey: Uint8Array };
  /** The app's public URL; each NFT's metadata `uri` is under it. */
  appUrl: string;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: ChainMintFilter;
}

export const HELD_REASON =
  "Held until the shop is approved for NFT distribution: once Shopify approves it, turn on NFT distribution in Settings";

type Held = { id: string; lease: Date; label: string };
type MintJob = { row: ChainMintRecord; subject: NftSubject };

/**
 * Mints queued NFTs, each exactly once (docs/decisions/0016-on-chain-issuing.md).
 *
 * Rows go through the shared outbox loop like claim notifications: one
 * conditional update moves a due PENDING row (or a MINTING row whose lease
 * expired) to MINTING. Exactly once rests on the chain itself: the mint's
 * address is a fixed keypair derived from the issuer key and the row id, and one
 * transaction creates the account, the metadata, mints 1 and revokes the mint
 * authority. Before every send (and after every failed one) the worker looks for
 * that account; if it exists, the NFT exists, and the row is MINTED without
 * sending again. A second copy of the transaction cannot land either: it would
 * create an account that exists.
 */
export class ChainMinter extends OutboxWorker<MintJob> {
  private readonly chain: ChainPort;
  private readonly issuer: Keypair;
  private readonly appUrl: string;

  constructor(options: MinterOptions) {
    super(
      "Chain minter",
      // The claim and the writes under its lease are the store's (app/db/stores), joining the transaction an outcome is written in.
      new OutboxTable({ ...chainMintQueue, where: options.where, load: loadNftSubject }),
      // Anything but a ChainError (a bad recipient key, a bug) would fail the same way again.
      outboxSettings(options, {
        maxAttempts: 8,
        leaseMs: 180_000,
        backoffBaseMs: 5_000,
        backoffMaxMs: 60 * 60 * 1000,
        unknownErrorsRetryable: false,
      }),
    );
    this.chain = options.chain;
    this.issuer = Keypair.fromSecretKey(options.issuer.secretKey);
    this.appUrl = options.appUrl.replace(/\/+$/, "");
  }

  /** Mints one claimed row (its twin or card deleted in between took the row with it: load found nothing). */
  protected async handle({ row, subject }: MintJob, claim: { id: string; lease: Date }) {
    const held: Held = { ...claim, label: `NFT ${row.id} (${row.mintAddress})` };
    const { maxAttempts } = this.settings;
    if (!(await nftDistributionApproval(row.shop))) {
      const outcome = await this.record(held, "HELD", { status: "HELD", lockedUntil: null, lastError: HELD_REASON });
      // Approval may have come between the check and the write, releasing nothing: release this one.
      if (await nftDistributionApproval(row.shop)) await stores().chainMints.releaseHeldMint(row.id, new Date());
      return outcome;
    }
    const mint = Keypair.fromSeed(mintSeedFor(this.issuer, row.id));
    if (mint.publicKey.toBase58() !== row.mintAddress) {
      return this.fail(held, row.attempts, "The issuer key changed after this NFT was queued: its mint address belongs to the old key");
    }
    // A worker that died mid-send may have minted it: look before anything else.
    try {
      const landed = await this.landed(row);
      if (landed) return this.minted(held, landed.signature);
      if (row.attempts >= maxAttempts) {
        return this.fail(held, row.attempts, row.lastError ?? "Gave up: the worker stopped during the last attempt");
      }
    } catch (error) {
      // The chain could not even be read: an attempt all the same, so a long outage ends FAILED (with Retry) rather than looping.
      const attempts = row.attempts + 1;
      await this.table.write(row.id, held.lease, { attempts });
      return this.retryOrFail(held, attempts, error);
    }

    const attempts = row.attempts + 1;
    try {
      const uri = `${this.appUrl}${metadataPath(row.id)}`;
      const metadata = onChainMetadata(subject, row.shop, uri);
      const { totalLen } = mintAccountSize(mint.publicKey, this.issuer.publicKey, metadata);
      const rentLamports = await this.chain.getMinimumBalanceForRentExemption(totalLen);
      const lifetime = await this.chain.getLatestBlockhash();
      const transaction = buildNftTransaction({
        issuer: this.issuer,
        mint,
        recipient: new PublicKey(row.recipient),
        metadata,
        rentLamports,
        lifetime,
      });
      const signature = bs58.encode(transaction.signature!);
      // Recorded before sending: a retry can then ask which of its sends landed.
      const sentSignatures = [row.sentSignatures, signature].filter(Boolean).join(" ");
      if (!(await this.table.write(row.id, held.lease, { attempts, sentSignatures }))) return "LOST";
      row.sentSignatures = sentSignatures;
      await this.chain.sendAndConfirm(transaction, lifetime);
      return this.minted(held, signature);
    } catch (error) {
      // The send may have landed although we heard an error (timeout, lost answer).
      const landed = await this.landed(row).catch(() => undefined);
      if (landed) return this.minted(held, landed.signature);
      return this.retryOrFail(held, attempts, error);
    }
  }

  /** The mint account if it exists (so the NFT was minted), with the sent signature that made it. */
  private async landed(row: ChainMintRecord): Promise<{ signature: string | null } | undefined> {
    const account = await this.chain.getAccount(new PublicKey(row.mintAddress));
    if (!account) return undefined;
    for (const signature of row.sentSignatures.split(" ").filter(Boolean).reverse()) {
      if ((await this.chain.getSignatureStatus(signature)) === "confirmed") return { signature };
    }
    return { signature: null };
  }

  /** MINTED, FAILED and HELD are written with their event (nft.minted, nft.failed, nft.held), in one transaction. */
  protected override async alongside(claim: Claim, outcome: string) {
    const type = MINT_EVENT_OF[outcome];
    if (type) await recordMintEvent(claim.id, type);
  }

  private minted(held: Held, signature: string | null) {
    return this.record(held, "MINTED", { status: "MINTED", signature, mintedAt: new Date(), lockedUntil: null, lastError: null });
  }

  protected override describe(failure: ChainError | Error): string {
    return explain(failure.message, this.issuer.publicKey);
  }
}

/** A reason a merchant can act on, for the errors they can fix. */
function explain(message: string, issuer: PublicKey): string {
  // LiteSVM says AccountNotFound for an issuer that was never funded; RPC nodes say "no record of a prior credit".
  if (/no record of a prior credit|insufficient (funds|lamports)|AccountNotFound/i.test(message)) {
    return `The issuer account ${issuer.toBase58()} has too little SOL to pay for the mint: fund it, then retry. (${message})`;
  }
  return message;
}

/** The minter `npm start` and `npm run worker` run, from the environment. */
export function minterFromConfig(config: ChainConfig & { chain: ChainIssuing }, options: Partial<MinterOptions> = {}): ChainMinter {
  return new ChainMinter({
    chain: new RpcChain(config.chain.rpcUrl, config.chain.cluster),
    issuer: config.chain.issuer,
    appUrl: config.chain.appUrl,
    maxAttempts: config.CHAIN_MAX_ATTEMPTS,
    pollMs: config.CHAIN_POLL_MS,
    leaseMs: config.CHAIN_LEASE_MS,
    backoffBaseMs: config.CHAIN_BACKOFF_BASE_MS,
    backoffMaxMs: config.CHAIN_BACKOFF_MAX_MS,
    ...options,
  });
}
