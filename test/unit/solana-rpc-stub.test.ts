import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getAccount, getAssociatedTokenAddressSync, getMint, getTokenMetadata, TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import { Connection, Keypair, PublicKey, SendTransactionError, SystemProgram, Transaction } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildNftTransaction, mintAccountSize, type OnChainMetadata } from "~/adapters/chain/nft-transaction.server";
import { ChainError } from "~/adapters/chain/port";
import { RpcChain } from "~/adapters/chain/rpc.server";
import { startSolanaRpcStub, type SolanaRpcStub } from "../../stubs/solana-rpc/server";

const SOL = 1_000_000_000;

let stub: SolanaRpcStub;
let connection: Connection;

beforeAll(async () => {
  stub = await startSolanaRpcStub({ port: 0 });
  connection = new Connection(stub.url, "confirmed");
});
afterAll(() => stub.close());

interface RpcAnswer {
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** One raw JSON-RPC exchange, as any client other than web3.js would make it. */
async function rpc<T = RpcAnswer>(body: unknown): Promise<T> {
  const response = await fetch(stub.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.headers.get("content-type")).toBe("application/json");
  return (await response.json()) as T;
}

const funded = (lamports = 10 * SOL) => {
  const keypair = Keypair.generate();
  stub.chain.airdrop(keypair.publicKey, lamports);
  return keypair;
};

async function transfer(from: Keypair, to: PublicKey, lamports: number) {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const transaction = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight });
  transaction.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  transaction.sign(from);
  return transaction;
}

/** One NFT through RpcChain, as the minter sends it. */
async function mintNft(chain: RpcChain, issuer: Keypair, recipient: PublicKey, metadata: OnChainMetadata) {
  const mint = Keypair.generate();
  const { totalLen } = mintAccountSize(mint.publicKey, issuer.publicKey, metadata);
  const rentLamports = await chain.getMinimumBalanceForRentExemption(totalLen);
  const lifetime = await chain.getLatestBlockhash();
  const transaction = buildNftTransaction({ issuer, mint, recipient, metadata, rentLamports, lifetime });
  return { mint: mint.publicKey, transaction, lifetime };
}

const chainErrorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("expected a ChainError"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ChainError);
      return error as ChainError;
    },
  );

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the Solana RPC stub, as JSON-RPC clients see it", () => {
  it("answers the node's identity methods in the shapes web3.js accepts", async () => {
    expect(await connection.getVersion()).toMatchObject({ "solana-core": expect.any(String) });
    expect(bs58.decode(await connection.getGenesisHash())).toHaveLength(32);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    expect(bs58.decode(blockhash)).toHaveLength(32);
    expect(lastValidBlockHeight).toBeGreaterThan(await connection.getBlockHeight());
    expect(await connection.getSlot()).toBeGreaterThanOrEqual(0);
    expect(await rpc({ jsonrpc: "2.0", id: 1, method: "getHealth" })).toEqual({ jsonrpc: "2.0", id: 1, result: "ok" });
  });

  it("answers an unknown method with -32601, bad JSON with -32700, and a batch with one answer per call", async () => {
    expect(await rpc({ jsonrpc: "2.0", id: 7, method: "getInflationReward", params: [] })).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32601, message: "Method not found" },
    });
    const badJson = await fetch(stub.url, { method: "POST", body: "{not json" });
    expect(await badJson.json()).toMatchObject({ id: null, error: { code: -32700 } });

    const batch = await rpc<RpcAnswer[]>([
      { jsonrpc: "2.0", id: "a", method: "getHealth" },
      { jsonrpc: "2.0", id: "b", method: "nope" },
    ]);
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: "a", result: "ok" },
      { jsonrpc: "2.0", id: "b", error: { code: -32601, message: "Method not found" } },
    ]);
  });

  it("lets browser tools such as Solana Explorer call it from any origin", async () => {
    const preflight = await fetch(stub.url, {
      method: "OPTIONS",
      headers: { Origin: "https://explorer.solana.com", "Access-Control-Request-Method": "POST" },
    });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("keeps its ledger in a file across restarts when given one, as a validator does", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "solana-rpc-stub-"));
    const ledgerFile = path.join(folder, "ledger.bin");
    const wallet = Keypair.generate().publicKey;
    try {
      const first = await startSolanaRpcStub({ ledgerFile });
      await new Connection(first.url, "confirmed").requestAirdrop(wallet, 3 * SOL);
      await first.close();

      const second = await startSolanaRpcStub({ ledgerFile });
      const balance = await new Connection(second.url, "confirmed").getBalance(wallet);
      await second.close();

      expect(balance).toBe(3 * SOL);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("funds a key by requestAirdrop and reports balances, accounts and missing accounts", async () => {
    const wallet = Keypair.generate().publicKey;
    const nobody = Keypair.generate().publicKey;

    await connection.requestAirdrop(wallet, 2 * SOL);

    expect(await connection.getBalance(wallet)).toBe(2 * SOL);
    expect(await connection.getBalance(nobody)).toBe(0);
    expect(await connection.getAccountInfo(nobody)).toBeNull();
    expect(await connection.getAccountInfo(wallet)).toMatchObject({ lamports: 2 * SOL, owner: SystemProgram.programId, executable: false });
    const [walletInfo, nobodyInfo] = await connection.getMultipleAccountsInfo([wallet, nobody]);
    expect(walletInfo?.lamports).toBe(2 * SOL);
    expect(nobodyInfo).toBeNull();
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBeGreaterThan(0);
  });

  it("executes a transfer sent base64 (web3.js) or base58, and confirms its signature", async () => {
    const payer = funded();
    const recipient = Keypair.generate().publicKey;

    const viaWeb3 = await connection.sendRawTransaction((await transfer(payer, recipient, SOL / 100)).serialize());
    const base58 = bs58.encode((await transfer(payer, recipient, SOL / 50)).serialize());
    const viaBase58 = await rpc({ jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [base58] });

    expect(await connection.getBalance(recipient)).toBe(SOL / 100 + SOL / 50);
    const { value } = await connection.getSignatureStatuses([viaWeb3, viaBase58.result as string]);
    expect(value).toEqual([
      expect.objectContaining({ err: null, confirmationStatus: "confirmed" }),
      expect.objectContaining({ err: null, confirmationStatus: "confirmed" }),
    ]);
    expect((await connection.getSignatureStatuses([bs58.encode(new Uint8Array(64).fill(9))])).value).toEqual([null]);
  });

  it("rejects a failing transaction as a node's preflight does, with the program's reason and logs", async () => {
    const payer = funded(SOL);
    const failing = await transfer(payer, Keypair.generate().publicKey, 5 * SOL);

    const error = await connection.sendRawTransaction(failing.serialize()).then(
      () => expect.unreachable("the transfer should fail"),
      (thrown: unknown) => thrown as SendTransactionError,
    );

    expect(error).toBeInstanceOf(SendTransactionError);
    expect(error.message).toContain("Transaction simulation failed: InstructionError(0, Custom(1))");
    expect(error.transactionError.logs?.join("\n")).toContain("insufficient lamports");
    const raw = await rpc({
      jsonrpc: "2.0",
      id: 2,
      method: "sendTransaction",
      params: [failing.serialize().toString("base64"), { encoding: "base64" }],
    });
    expect(raw.error).toMatchObject({ code: -32002, data: { err: expect.stringContaining("InstructionError") } });
  });

  it("forwards a failing transaction with skipPreflight and shows the failure in its status", async () => {
    const payer = funded(SOL);
    const failing = await transfer(payer, Keypair.generate().publicKey, 5 * SOL);

    const signature = await connection.sendRawTransaction(failing.serialize(), { skipPreflight: true });

    expect(signature).toBe(bs58.encode(failing.signature!));
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    expect(status?.err).toEqual(expect.stringContaining("InstructionError"));
  });
});

describe("RpcChain through the stub", () => {
  const metadata: OnChainMetadata = {
    name: "Heritage chronograph",
    symbol: "TWIN",
    uri: "https://twin-cards.test/v1/metadata/nft_01.json",
    additional: [
      ["kind", "twin"],
      ["twin_id", "twn_01"],
    ],
  };

  it("mints a Token-2022 NFT that @solana/spl-token reads back: supply 1, decimals 0, no mint authority, the owner holds it", async () => {
    const chain = new RpcChain(stub.url, "localnet", { confirmPollMs: 10 });
    const issuer = funded();
    const recipient = Keypair.generate().publicKey;
    const { mint, transaction, lifetime } = await mintNft(chain, issuer, recipient, metadata);

    const signature = await chain.sendAndConfirm(transaction, lifetime);

    expect(await chain.getSignatureStatus(signature)).toBe("confirmed");
    expect((await chain.getAccount(mint))?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    const onChain = await getMint(connection, mint, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(onChain).toMatchObject({ supply: 1n, decimals: 0, mintAuthority: null, freezeAuthority: null });
    expect(await getTokenMetadata(connection, mint, "confirmed", TOKEN_2022_PROGRAM_ID)).toMatchObject({
      name: metadata.name,
      symbol: "TWIN",
      uri: metadata.uri,
      additionalMetadata: metadata.additional,
    });
    const holding = await getAccount(
      connection,
      getAssociatedTokenAddressSync(mint, recipient, true, TOKEN_2022_PROGRAM_ID),
      "confirmed",
      TOKEN_2022_PROGRAM_ID,
    );
    expect(holding).toMatchObject({ amount: 1n });
    expect(holding.owner.toBase58()).toBe(recipient.toBase58());
  });

  it("fails for good, naming the missing credit, when the issuer has no SOL", async () => {
    const chain = new RpcChain(stub.url, "localnet");
    const { mint, transaction, lifetime } = await mintNft(chain, Keypair.generate(), Keypair.generate().publicKey, metadata);

    const error = await chainErrorOf(chain.sendAndConfirm(transaction, lifetime));

    expect(error.retryable).toBe(false);
    expect(error.message).toContain("no record of a prior credit");
    expect(await chain.getAccount(mint)).toBeNull();
  });

  it("fails transiently, so the minter retries, when the blockhash expired before the send", async () => {
    const chain = new RpcChain(stub.url, "localnet");
    const { mint, transaction, lifetime } = await mintNft(chain, funded(), Keypair.generate().publicKey, metadata);
    stub.chain.svm.expireBlockhash();

    const error = await chainErrorOf(chain.sendAndConfirm(transaction, lifetime));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Blockhash not found/);
    expect(await chain.getAccount(mint)).toBeNull();
  });

  it("fails transiently when the RPC answers 503, without repeating the RPC URL's API key", async () => {
    // Some providers echo the request URL, key included, in their error pages.
    const unavailable = createServer((req, res) => {
      res.writeHead(503, { "Content-Type": "text/plain" });
      res.end(`Service Unavailable for http://${req.headers.host}${req.url}`);
    });
    const url = `${await listen(unavailable)}/?api-key=provider-secret-123`;
    try {
      const error = await chainErrorOf(new RpcChain(url, "localnet").getLatestBlockhash());
      expect(error.retryable).toBe(true);
      expect(error.message).toContain("503");
      expect(error.message).not.toContain("provider-secret-123");
    } finally {
      unavailable.close();
    }
  });

  it("fails transiently when nothing listens at the RPC URL", async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));

    const error = await chainErrorOf(new RpcChain(url, "localnet").getMinimumBalanceForRentExemption(100));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/unreachable/i);
  });
});
