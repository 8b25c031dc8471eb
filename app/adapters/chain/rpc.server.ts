import { Connection, SendTransactionError, SolanaJSONRPCError, type PublicKey, type Transaction } from "@solana/web3.js";
import { ChainError, type ChainAccount, type ChainPort, type Cluster, type RecentBlockhash } from "./port";

export interface RpcChainOptions {
  /** Wait between signature status polls while confirming. */
  confirmPollMs?: number;
}

/**
 * A Solana network over JSON-RPC (`SOLANA_RPC_URL`), commitment "confirmed".
 * Confirmation polls getSignatureStatuses (no websocket) until the transaction
 * is confirmed, failed, or its blockhash has expired.
 */
export class RpcChain implements ChainPort {
  private readonly connection: Connection;
  private readonly confirmPollMs: number;

  constructor(
    readonly rpcUrl: string,
    readonly cluster: Cluster,
    options: RpcChainOptions = {},
  ) {
    // web3.js retries 429s on its own with long sleeps; the minter's backoff does it instead.
    this.connection = new Connection(rpcUrl, { commitment: "confirmed", disableRetryOnRateLimit: true });
    this.confirmPollMs = options.confirmPollMs ?? 500;
  }

  getLatestBlockhash(): Promise<RecentBlockhash> {
    return this.rpc(() => this.connection.getLatestBlockhash("confirmed"));
  }

  /** Runs one RPC call, turning its failure into a ChainError that says whether a retry may help. */
  private async rpc<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const chainError = toChainError(error);
      // Errors end up in admin and /v1 (`reason`); a provider's URL often carries its API key.
      const message = chainError.message
        .split(this.rpcUrl)
        .join("<SOLANA_RPC_URL>")
        .replace(/([?&](?:api[-_]?key|token)=)[^&\s"']+/gi, "$1…");
      return Promise.reject(new ChainError(message, chainError.retryable, chainError.retryAfterMs));
    }
  }

  async sendAndConfirm(transaction: Transaction, lifetime: RecentBlockhash): Promise<string> {
    const signature = await this.rpc(() =>
      this.connection.sendRawTransaction(transaction.serialize({ verifySignatures: false }), {
        preflightCommitment: "confirmed",
        maxRetries: 0,
      }),
    );
    for (;;) {
      const status = await this.getSignatureStatus(signature);
      if (status === "confirmed") return signature;
      if (status === "failed") throw new ChainError(`Transaction ${signature} failed on-chain`, false);
      const height = await this.rpc(() => this.connection.getBlockHeight("confirmed"));
      if (height > lifetime.lastValidBlockHeight)
        throw new ChainError(`Transaction ${signature} expired before it was confirmed (blockhash too old)`, true);
      await new Promise((resolve) => setTimeout(resolve, this.confirmPollMs));
    }
  }

  async getAccount(address: PublicKey): Promise<ChainAccount | null> {
    const account = await this.rpc(() => this.connection.getAccountInfo(address, "confirmed"));
    return account && { owner: account.owner, lamports: account.lamports, data: account.data };
  }

  getMinimumBalanceForRentExemption(bytes: number): Promise<number> {
    return this.rpc(() => this.connection.getMinimumBalanceForRentExemption(bytes, "confirmed"));
  }

  async getSignatureStatus(signature: string): Promise<"confirmed" | "failed" | "unknown"> {
    const { value } = await this.rpc(() => this.connection.getSignatureStatuses([signature], { searchTransactionHistory: true }));
    const status = value[0];
    if (!status) return "unknown";
    if (status.err) return "failed";
    return status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized" ? "confirmed" : "unknown";
  }
}

// Node is behind, unhealthy, or the slot is not yet available (Solana JSON-RPC server error codes).
const NODE_BUSY_CODES = new Set([-32004, -32005, -32007, -32014, -32016]);

function toChainError(error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SendTransactionError) {
    // Preflight rejected it: an expired blockhash is worth a retry, a program error is not.
    return new ChainError(message, /blockhash not found|BlockhashNotFound/i.test(message));
  }
  if (error instanceof SolanaJSONRPCError) {
    // The node answered with a JSON-RPC error: only "node unhealthy / behind" kinds pass with time.
    return new ChainError(message, NODE_BUSY_CODES.has(Number(error.code)));
  }
  // web3.js reports HTTP failures as "<status> <statusText>: <body>" and network ones as fetch errors.
  const httpStatus = /(?:^|\s)(\d{3})\s/.exec(message)?.[1];
  if (httpStatus) {
    const status = Number(httpStatus);
    return new ChainError(`Solana RPC answered HTTP ${status} (${message})`, status === 429 || status >= 500);
  }
  return new ChainError(`Solana RPC unreachable: ${message}`, true);
}
