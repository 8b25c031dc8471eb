// The Solana JSON-RPC methods RpcChain, @solana/web3.js's Connection and
// @solana/spl-token's readers call, answered from one LiteSVM chain in the
// shapes a real node gives (web3.js checks them with superstruct).
import { address as toAddress, getTransactionDecoder, lamports, signature as toSignature, type Address, type Signature } from "@solana/kit";
import bs58 from "bs58";
import { FailedTransactionMetadata } from "litesvm";
import type { LiteSvmChain } from "./litesvm";
import { INTERNAL_ERROR, INVALID_PARAMS, RpcError, SEND_TRANSACTION_PREFLIGHT_FAILURE, type RpcMethods } from "./json-rpc";

const SOLANA_CORE_VERSION = "2.2.0";

// A real node's words for the failures the app tells apart (RpcChain and the minter match on them).
const NODE_WORDING: Record<string, string> = {
  BlockhashNotFound: "Blockhash not found",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
};

/** `onChange` runs after each call that changed the ledger (a send, an airdrop). */
export function solanaRpcMethods(chain: LiteSvmChain, onChange: () => void = () => {}): RpcMethods {
  const { svm } = chain;
  const decoder = getTransactionDecoder();
  // LiteSVM has no genesis block: its first blockhash names this chain.
  const genesisHash = svm.latestBlockhash();
  const slot = () => Number(svm.getClock().slot);
  const withContext = (value: unknown) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot: slot() }, value });

  const accountInfo = (key: Address, encoding: string) => {
    const account = svm.getAccount(key);
    if (!account.exists) return null;
    const data = encoding === "base58" ? [bs58.encode(account.data), "base58"] : [Buffer.from(account.data).toString("base64"), "base64"];
    return {
      data,
      executable: account.executable,
      lamports: Number(account.lamports),
      owner: account.programAddress,
      rentEpoch: 0,
      space: account.data.length,
    };
  };

  const signatureStatus = (signature: Signature) => {
    const result = svm.getTransaction(signature);
    if (!result) return null;
    const err = result instanceof FailedTransactionMetadata ? errorName(result) : null;
    return { slot: slot(), confirmations: 0, err, status: err ? { Err: err } : { Ok: null }, confirmationStatus: "confirmed" };
  };

  const sendTransaction = (params: unknown[]) => {
    const config = configParam(params, 1);
    const wire = decodeWire(stringParam(params, 0, "transaction"), config.encoding ?? "base58");
    let transaction;
    try {
      transaction = decoder.decode(wire);
    } catch (error) {
      throw new RpcError(INVALID_PARAMS, `invalid transaction: ${(error as Error).message}`);
    }
    // Like a node's preflight: a transaction that would fail is refused, unrecorded and free;
    // with skipPreflight it is executed, and its failure shows in getSignatureStatuses.
    const preflight = config.skipPreflight === true ? undefined : svm.simulateTransaction(transaction);
    if (preflight instanceof FailedTransactionMetadata) throw preflightFailure(preflight);
    const result = svm.sendTransaction(transaction);
    onChange();
    if (result instanceof FailedTransactionMetadata) return bs58.encode(result.meta().signature());
    return bs58.encode(result.signature());
  };

  return {
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => slot(),
    getBlockHeight: () => chain.blockHeight(),
    getLatestBlockhash: async () => withContext(await chain.getLatestBlockhash()),
    getMinimumBalanceForRentExemption: (params) => chain.getMinimumBalanceForRentExemption(integerParam(params, 0, "data length")),
    getBalance: (params) => withContext(Number(svm.getBalance(addressParam(params, 0)) ?? 0n)),
    getAccountInfo: (params) => withContext(accountInfo(addressParam(params, 0), encodingParam(params, 1))),
    getMultipleAccounts: (params) => {
      const keys = arrayParam(params, 0, "addresses").map((key) => parseAddress(key));
      const encoding = encodingParam(params, 1);
      return withContext(keys.map((key) => accountInfo(key, encoding)));
    },
    getSignatureStatuses: (params) =>
      withContext(arrayParam(params, 0, "signatures").map((value) => signatureStatus(parseSignature(value)))),
    requestAirdrop: (params) => {
      const result = svm.airdrop(addressParam(params, 0), lamports(BigInt(integerParam(params, 1, "lamports"))));
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcError(INTERNAL_ERROR, "airdrop request failed");
      onChange();
      return bs58.encode(result.signature());
    },
    sendTransaction,
  };
}

/** The JSON-RPC error a node answers when preflight simulation fails: web3.js throws SendTransactionError for it. */
function preflightFailure(result: FailedTransactionMetadata): RpcError {
  const err = errorName(result);
  const wording = NODE_WORDING[err] ? `${NODE_WORDING[err]} (${err})` : err;
  return new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${wording}`, {
    err,
    logs: result.meta().logs(),
    accounts: null,
    unitsConsumed: Number(result.meta().computeUnitsConsumed()),
    returnData: null,
  });
}

/** LiteSVM's name for a failure, e.g. "BlockhashNotFound" or "InstructionError(0, Custom(1))". */
function errorName(result: FailedTransactionMetadata): string {
  return /\berr: (.*?), meta: /s.exec(result.toString())?.[1] ?? "UnknownError";
}

function decodeWire(encoded: string, encoding: unknown): Uint8Array {
  if (encoding === "base64") return Buffer.from(encoded, "base64");
  if (encoding !== "base58")
    throw new RpcError(INVALID_PARAMS, `unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`);
  try {
    return bs58.decode(encoded);
  } catch {
    throw new RpcError(INVALID_PARAMS, "invalid base58 encoding");
  }
}

type Config = { encoding?: string; skipPreflight?: boolean };

function configParam(params: unknown[], index: number): Config {
  const value = params[index];
  return typeof value === "object" && value !== null ? (value as Config) : {};
}

function encodingParam(params: unknown[], index: number): string {
  const encoding = configParam(params, index).encoding ?? "base64";
  if (encoding !== "base64" && encoding !== "base58") {
    throw new RpcError(INVALID_PARAMS, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
  }
  return encoding;
}

function stringParam(params: unknown[], index: number, what: string): string {
  const value = params[index];
  if (typeof value !== "string") throw new RpcError(INVALID_PARAMS, `Invalid params: ${what} must be a string`);
  return value;
}

function integerParam(params: unknown[], index: number, what: string): number {
  const value = params[index];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new RpcError(INVALID_PARAMS, `Invalid params: ${what} must be a whole number`);
  }
  return value;
}

function arrayParam(params: unknown[], index: number, what: string): unknown[] {
  const value = params[index];
  if (!Array.isArray(value)) throw new RpcError(INVALID_PARAMS, `Invalid params: ${what} must be an array`);
  return value;
}

const addressParam = (params: unknown[], index: number) => parseAddress(stringParam(params, index, "address"));

function parseAddress(value: unknown): Address {
  try {
    return toAddress(String(value));
  } catch {
    throw new RpcError(INVALID_PARAMS, `Invalid param: Invalid public key ${String(value)}`);
  }
}

function parseSignature(value: unknown): Signature {
  try {
    return toSignature(String(value));
  } catch {
    throw new RpcError(INVALID_PARAMS, `Invalid param: Invalid signature ${String(value)}`);
  }
}
