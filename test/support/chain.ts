import {
  ExtensionType,
  getAssociatedTokenAddressSync,
  getExtensionData,
  getMetadataPointerState,
  TOKEN_2022_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from "@solana/spl-token";
import { unpack as unpackTokenMetadata } from "@solana/spl-token-metadata";
import { Keypair, PublicKey, type Transaction } from "@solana/web3.js";
import { LiteSvmChain } from "../../stubs/solana-rpc/litesvm";
import { ChainMinter, type MinterOptions } from "~/adapters/chain/minter.server";
import { ChainError, type ChainAccount, type ChainPort, type RecentBlockhash } from "~/adapters/chain/port";

export const SOL = 1_000_000_000;
export const TEST_APP_URL = "https://twin-cards.test";

/**
 * Turns chain issuing on for domain calls in this test process (read once, on
 * first use) with a fresh issuer; the RPC URL is never dialled here because
 * tests hand the minter a LiteSVM chain.
 */
export function configureChainIssuing(issuer = Keypair.generate()): Keypair {
  process.env.SOLANA_RPC_URL = "http://127.0.0.1:8899";
  process.env.ISSUER_SECRET_KEY = JSON.stringify(Array.from(issuer.secretKey));
  process.env.SHOPIFY_APP_URL = TEST_APP_URL;
  return issuer;
}

/** A LiteSVM chain with the issuer funded. */
export function fundedChain(issuer: Keypair, lamports = 10 * SOL): LiteSvmChain {
  const chain = new LiteSvmChain();
  chain.airdrop(issuer.publicKey, lamports);
  return chain;
}

/** A minter for one shop's rows, retrying at once so tests need not wait. */
export const minterFor = (shop: string, chain: ChainPort, issuer: Keypair, options: Partial<MinterOptions> = {}) =>
  new ChainMinter({
    chain,
    issuer,
    appUrl: TEST_APP_URL,
    where: { shop },
    // A retry is due at once: a test's next drainOnce() takes it, however fast it follows.
    backoffBaseMs: 0,
    backoffMaxMs: 0,
    log: { info() {}, warn() {}, error() {} },
    ...options,
  });

/** Everything a wallet or explorer reads about an NFT, straight from the chain's accounts. */
export async function readNft(chain: ChainPort, mintAddress: string, owner: string) {
  const mint = new PublicKey(mintAddress);
  const account = await chain.getAccount(mint);
  if (!account) throw new Error(`No account at ${mintAddress}`);
  const decoded = unpackMint(mint, asAccountInfo(account), TOKEN_2022_PROGRAM_ID);
  const metadataBytes = getExtensionData(ExtensionType.TokenMetadata, decoded.tlvData);
  const ata = getAssociatedTokenAddressSync(mint, new PublicKey(owner), true, TOKEN_2022_PROGRAM_ID);
  const ataAccount = await chain.getAccount(ata);
  const tokenAccount = ataAccount && unpackAccount(ata, asAccountInfo(ataAccount), TOKEN_2022_PROGRAM_ID);
  return {
    programOwner: account.owner.toBase58(),
    rawData: Buffer.from(account.data),
    supply: decoded.supply,
    decimals: decoded.decimals,
    mintAuthority: decoded.mintAuthority?.toBase58() ?? null,
    metadataPointer: getMetadataPointerState(decoded)?.metadataAddress?.toBase58() ?? null,
    metadata: metadataBytes ? unpackTokenMetadata(metadataBytes) : null,
    ownerBalance: tokenAccount?.amount ?? 0n,
    tokenAccountOwner: tokenAccount?.owner.toBase58() ?? null,
  };
}

const asAccountInfo = (account: ChainAccount) => ({
  owner: account.owner,
  lamports: account.lamports,
  data: Buffer.from(account.data),
  executable: false,
});

/**
 * before: the send never reaches the chain (e.g. RPC 429); after: it lands but
 * the answer is lost; after-then-down: lost, and the RPC node stays unreachable
 * (until readsFail is reset); expire-blockhash: its blockhash expires first.
 */
type FailureTiming = "before" | "after" | "after-then-down" | "expire-blockhash";

/**
 * A chain whose next sends can be made to fail, as a flaky network or RPC node
 * does: before the transaction reaches the chain, or after it landed (the
 * answer is lost). Counts what actually reached the chain.
 */
export class FlakyChain implements ChainPort {
  readonly cluster = "localnet" as const;
  sendsThatLanded = 0;
  private planned: { when: FailureTiming; error: Error }[] = [];
  /** While true, every read fails too (the RPC node is down). */
  readsFail = false;

  constructor(readonly inner: LiteSvmChain) {}

  failNextSend(when: FailureTiming, error: Error) {
    this.planned.push({ when, error });
  }

  async sendAndConfirm(transaction: Transaction, lifetime: RecentBlockhash): Promise<string> {
    const plan = this.planned.shift();
    if (plan?.when === "before") throw plan.error;
    if (plan?.when === "expire-blockhash") this.inner.svm.expireBlockhash();
    const signature = await this.inner.sendAndConfirm(transaction);
    this.sendsThatLanded++;
    if (plan?.when === "after-then-down") this.readsFail = true;
    if (plan?.when === "after" || plan?.when === "after-then-down") throw plan.error;
    void lifetime;
    return signature;
  }

  getLatestBlockhash() {
    return this.read(() => this.inner.getLatestBlockhash());
  }
  getAccount(address: PublicKey) {
    return this.read(() => this.inner.getAccount(address));
  }
  getMinimumBalanceForRentExemption(bytes: number) {
    return this.read(() => this.inner.getMinimumBalanceForRentExemption(bytes));
  }
  getSignatureStatus(signature: string) {
    return this.read(() => this.inner.getSignatureStatus(signature));
  }

  private read<T>(call: () => Promise<T>): Promise<T> {
    if (this.readsFail) return Promise.reject(new ChainError("Solana RPC unreachable: fetch failed", true));
    return call();
  }
}
