import { address, getTransactionDecoder, lamports, signature as toSignature } from "@solana/kit";
import { PublicKey, type Transaction } from "@solana/web3.js";
import bs58 from "bs58";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { ChainError, type ChainAccount, type ChainPort, type RecentBlockhash } from "../../app/adapters/chain/port";

// LiteSVM keeps no block height; transactions live until expireBlockhash().
const BLOCKHASH_LIFETIME = 150;

/**
 * A real Solana VM in this process (tests, the bench, and behind the demo's
 * local RPC). Transactions are executed and confirmed the moment they are sent.
 */
export class LiteSvmChain implements ChainPort {
  readonly cluster = "localnet" as const;
  private readonly decoder = getTransactionDecoder();

  constructor(readonly svm: LiteSVM = new LiteSVM()) {}

  async getLatestBlockhash(): Promise<RecentBlockhash> {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight() + BLOCKHASH_LIFETIME };
  }

  blockHeight(): number {
    return Number(this.svm.getClock().slot);
  }

  async sendAndConfirm(transaction: Transaction): Promise<string> {
    // Signed by us a moment ago: checking the signatures again only costs time.
    return this.sendRaw(transaction.serialize({ verifySignatures: false }));
  }

  /** Executes a signed, serialized transaction; throws ChainError when it fails. */
  sendRaw(wire: Uint8Array): string {
    const result = this.svm.sendTransaction(this.decoder.decode(wire));
    if (result instanceof FailedTransactionMetadata) {
      // toString() dumps the whole metadata; keep the error's name and the last program logs.
      const error = /err: (.*?), meta: /.exec(result.toString())?.[1] ?? "unknown error";
      const logs = result.meta().logs().slice(-3).join(" | ");
      throw new ChainError(`Transaction failed: ${error}${logs ? ` (${logs})` : ""}`, error === "BlockhashNotFound");
    }
    return bs58.encode(result.signature());
  }

  async getAccount(key: PublicKey): Promise<ChainAccount | null> {
    const account = this.svm.getAccount(address(key.toBase58()));
    if (!account.exists) return null;
    return { owner: new PublicKey(account.programAddress), lamports: Number(account.lamports), data: account.data };
  }

  async getMinimumBalanceForRentExemption(bytes: number): Promise<number> {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(bytes)));
  }

  async getSignatureStatus(signature: string): Promise<"confirmed" | "failed" | "unknown"> {
    const result = this.svm.getTransaction(toSignature(signature));
    if (!result) return "unknown";
    return result instanceof FailedTransactionMetadata ? "failed" : "confirmed";
  }

  airdrop(key: PublicKey, amount: number) {
    this.svm.airdrop(address(key.toBase58()), lamports(BigInt(amount)));
  }
}
