import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { mintAddressFor, mintSeedFor, parseIssuerSecretKey } from "~/adapters/chain/issuer-key.server";
import { explorerUrl } from "~/adapters/chain/port";
import { ConfigError, loadChainConfig } from "~/wiring/config.server";
import { clip } from "~/domain/nft-metadata";

const issuer = Keypair.generate();
const base58Secret = bs58.encode(issuer.secretKey);
const on = {
  SOLANA_RPC_URL: "https://api.devnet.solana.com",
  ISSUER_SECRET_KEY: base58Secret,
  SHOPIFY_APP_URL: "https://twin-cards.example.com/",
};

function configError(env: Record<string, string>): string {
  try {
    loadChainConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("chain issuing configuration", () => {
  it("is off when neither SOLANA_RPC_URL nor ISSUER_SECRET_KEY is set", () => {
    expect(loadChainConfig({}).chain).toBeUndefined();
  });

  it("reads the issuer from base58 (a wallet export) or a JSON byte array (solana-keygen), to the same key", () => {
    const fromBase58 = loadChainConfig(on).chain!;
    const fromJson = loadChainConfig({ ...on, ISSUER_SECRET_KEY: JSON.stringify(Array.from(issuer.secretKey)) }).chain!;
    expect(fromBase58.issuer.address).toBe(issuer.publicKey.toBase58());
    expect(fromJson.issuer.address).toBe(issuer.publicKey.toBase58());
    expect(fromBase58).toMatchObject({ cluster: "devnet", rpcUrl: on.SOLANA_RPC_URL, appUrl: "https://twin-cards.example.com" });
  });

  it("needs both SOLANA_RPC_URL and ISSUER_SECRET_KEY, naming the missing one", () => {
    expect(configError({ SOLANA_RPC_URL: on.SOLANA_RPC_URL })).toContain("ISSUER_SECRET_KEY is required");
    expect(configError({ ISSUER_SECRET_KEY: base58Secret })).toContain("SOLANA_RPC_URL is required");
  });

  it("rejects a secret key of the wrong length or shape without ever printing it", () => {
    const half = bs58.encode(issuer.secretKey.slice(0, 32));
    const wrongLength = configError({ ...on, ISSUER_SECRET_KEY: half });
    const notAKey = configError({ ...on, ISSUER_SECRET_KEY: "[1,2,oops" });
    expect(wrongLength).toContain("ISSUER_SECRET_KEY must hold 64 bytes, not 32");
    expect(wrongLength).not.toContain(half);
    expect(notAKey).toContain("ISSUER_SECRET_KEY must be a base58 string or a JSON array of 64 bytes");
    expect(notAKey).not.toContain("oops");
  });

  it("rejects 64 bytes whose second half is not the public key of the first", () => {
    const mismatched = bs58.encode(Uint8Array.from([...issuer.secretKey.slice(0, 32), ...Keypair.generate().publicKey.toBytes()]));
    const message = configError({ ...on, ISSUER_SECRET_KEY: mismatched });
    expect(message).toContain("ISSUER_SECRET_KEY is not a valid ed25519 secret key");
    expect(message).not.toContain(mismatched);
  });

  it("tells the cluster from the RPC host, and asks for SOLANA_CLUSTER when it cannot", () => {
    const cluster = (url: string, extra: Record<string, string> = {}) =>
      loadChainConfig({ ...on, SOLANA_RPC_URL: url, ...extra }).chain!.cluster;
    expect(cluster("https://api.mainnet-beta.solana.com")).toBe("mainnet-beta");
    expect(cluster("https://api.testnet.solana.com")).toBe("testnet");
    expect(cluster("http://127.0.0.1:8899")).toBe("localnet");
    expect(cluster("https://rpc.example.com/?api-key=x", { SOLANA_CLUSTER: "mainnet-beta" })).toBe("mainnet-beta");
    expect(configError({ ...on, SOLANA_RPC_URL: "https://rpc.example.com/" })).toContain("SOLANA_CLUSTER is required");
  });

  it("needs the app's public URL, where NFT metadata is served", () => {
    expect(configError({ SOLANA_RPC_URL: on.SOLANA_RPC_URL, ISSUER_SECRET_KEY: base58Secret })).toContain(
      "SHOPIFY_APP_URL is required with chain issuing",
    );
  });
});

describe("mint addresses", () => {
  it("are the same for a record every time, and differ between records and between issuers", () => {
    const key = parseIssuerSecretKey(base58Secret);
    const first = mintAddressFor(key, "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6S");
    expect(mintAddressFor(key, "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6S")).toBe(first);
    expect(mintAddressFor(key, "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6T")).not.toBe(first);
    expect(mintAddressFor(parseIssuerSecretKey(bs58.encode(Keypair.generate().secretKey)), "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6S")).not.toBe(
      first,
    );
  });

  it("are the public key of the keypair the minter signs the mint with", () => {
    const key = parseIssuerSecretKey(base58Secret);
    expect(Keypair.fromSeed(mintSeedFor(issuer, "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6S")).publicKey.toBase58()).toBe(
      mintAddressFor(key, "nft_01KAJ5Y1F3R1X4DQ5Z9W8V7T6S"),
    );
  });
});

describe("explorer links", () => {
  const mint = issuer.publicKey.toBase58();
  it("name the cluster, and show a local RPC URL only when given one", () => {
    expect(explorerUrl("mainnet-beta", "address", mint)).toBe(`https://explorer.solana.com/address/${mint}`);
    expect(explorerUrl("devnet", "tx", "sig")).toBe("https://explorer.solana.com/tx/sig?cluster=devnet");
    expect(explorerUrl("localnet", "address", mint, "http://127.0.0.1:8899")).toBe(
      `https://explorer.solana.com/address/${mint}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899`,
    );
  });
});

describe("on-chain text", () => {
  it("keeps short text whole and cuts long text with an ellipsis within both limits", () => {
    expect(clip("Gold membership", { chars: 32, bytes: 64 })).toBe("Gold membership");
    const latin = clip("A".repeat(40), { chars: 32, bytes: 64 });
    expect(latin).toBe(`${"A".repeat(31)}…`);
    const wide = clip("時".repeat(40), { chars: 32, bytes: 64 });
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(64);
    expect(wide).toBe(`${"時".repeat(20)}…`);
  });
});
