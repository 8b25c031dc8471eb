// `DEMO_CHAIN=1 npm run demo`: a local Solana chain for on-chain issuing, with a
// funded issuer. Its ledger and issuer key live under .cache/demo-chain/, one
// folder per demo database, so the NFTs the database calls MINTED are still on
// the chain after a restart, and queued ones still match their issuer.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Connection, Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import { startSolanaRpcStub, type SolanaRpcStub } from "./server";

const ISSUER_FUNDING_SOL = 100;
// Below this the issuer is topped up at start (about 0.0066 SOL per mint).
const ISSUER_MINIMUM_SOL = 10;

export interface DemoChain {
  rpc: SolanaRpcStub;
  issuer: Keypair;
  issuerBalanceSol: number;
  /** Where the ledger and issuer key are kept. */
  folder: string;
  /** What the app server needs to issue on this chain. */
  serverEnv: { SOLANA_RPC_URL: string; ISSUER_SECRET_KEY: string };
}

export async function startDemoChain(options: { port: number; databaseFile: string }): Promise<DemoChain> {
  const folder = demoChainFolder(options.databaseFile);
  mkdirSync(folder, { recursive: true });
  const issuer = loadOrCreateIssuer(path.join(folder, "issuer.json"));
  const rpc = await startSolanaRpcStub({ port: options.port, ledgerFile: path.join(folder, "ledger.bin") });

  const connection = new Connection(rpc.url, "confirmed");
  if ((await connection.getBalance(issuer.publicKey)) < ISSUER_MINIMUM_SOL * LAMPORTS_PER_SOL) {
    await connection.requestAirdrop(issuer.publicKey, ISSUER_FUNDING_SOL * LAMPORTS_PER_SOL);
  }
  return {
    rpc,
    issuer,
    issuerBalanceSol: (await connection.getBalance(issuer.publicKey)) / LAMPORTS_PER_SOL,
    folder,
    serverEnv: { SOLANA_RPC_URL: rpc.url, ISSUER_SECRET_KEY: JSON.stringify([...issuer.secretKey]) },
  };
}

/** .cache/demo-chain/<database name>-<hash of its path>: .cache/ is git-ignored, the hash keeps databases apart. */
function demoChainFolder(databaseFile: string): string {
  const absolute = path.resolve(databaseFile);
  const hash = createHash("sha256").update(absolute).digest("hex").slice(0, 10);
  return path.join(".cache", "demo-chain", `${path.basename(absolute)}-${hash}`);
}

function loadOrCreateIssuer(file: string): Keypair {
  if (existsSync(file)) return Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(file, "utf8")) as number[]));
  const issuer = Keypair.generate();
  writeFileSync(file, JSON.stringify([...issuer.secretKey]), { mode: 0o600 });
  return issuer;
}
