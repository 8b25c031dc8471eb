// A local Solana JSON-RPC node for the demo and tests: the methods the app and
// @solana/web3.js need (./methods.ts), over one in-process LiteSVM chain, so the
// web server, `npm run worker` and a test all see the same ledger.
import { existsSync, renameSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LiteSVM } from "litesvm";
import { LiteSvmChain } from "./litesvm";
import { answer } from "./json-rpc";
import { solanaRpcMethods } from "./methods";
import { readBody } from "../shared/read-body";

export interface SolanaRpcStub {
  url: string;
  /** The chain behind the RPC, for arranging state (airdrops, expiring blockhashes) directly. */
  chain: LiteSvmChain;
  close(): Promise<void>;
}

export interface SolanaRpcStubOptions {
  port?: number;
  host?: string;
  /** Keep the ledger in this file, as a validator's ledger directory: loaded at start, saved after every change. */
  ledgerFile?: string;
}

// Browser tools such as Solana Explorer (custom cluster) call the RPC from any origin.
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, solana-client",
};

export async function startSolanaRpcStub(options: SolanaRpcStubOptions = {}): Promise<SolanaRpcStub> {
  const { ledgerFile } = options;
  const chain = new LiteSvmChain(ledgerFile && existsSync(ledgerFile) ? LiteSVM.loadFromFile(ledgerFile) : undefined);
  const saveLedger = () => {
    if (!ledgerFile) return;
    // Written aside and renamed, so a demo stopped mid-save keeps the previous ledger whole.
    chain.svm.saveToFile(`${ledgerFile}.partial`);
    renameSync(`${ledgerFile}.partial`, ledgerFile);
  };
  const methods = solanaRpcMethods(chain, saveLedger);

  const server = createServer(async (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      return res.end();
    }
    if (req.method !== "POST") {
      res.writeHead(405, { ...CORS, Allow: "POST", "Content-Type": "text/plain" });
      return res.end("Solana JSON-RPC: POST a JSON-RPC 2.0 request");
    }
    send(res, await answer(methods, await readBody(req)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    chain,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { ...CORS, "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
