import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";
import type { Page } from "playwright-core";

/**
 * A browser wallet as Solana's Wallet Standard describes one (standard:connect,
 * solana:signMessage, and with `signIn` solana:signIn too), registered on a page both ways the standard allows: on the
 * app's `wallet-standard:app-ready` event, and with its own
 * `wallet-standard:register-wallet` event. Its ed25519 key stays in the test
 * process, which signs what the page asks it to (exposed to the page as a
 * function), so the test knows the key and can refuse to sign.
 */
export interface StandInWallet {
  name: string;
  address: string;
  /** Messages the page asked it to sign, as text. */
  signed: string[];
  /** When false, the wallet refuses to sign, as a customer who cancels does. */
  willSign: boolean;
  /** How each message came to be signed: the page's text (signMessage) or written by the wallet from fields (signIn). */
  via: ("signMessage" | "signIn")[];
}

/**
 * The Sign In With Solana text a wallet writes from `solana:signIn`'s input, as Solana's Wallet
 * Standard utilities write it (createSignInMessageText), written here apart from the app's own.
 */
function walletWrittenSignIn(input: Record<string, string | undefined>, address: string): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address ?? address}`;
  if (input.statement) message += `\n\n${input.statement}`;
  const fields = (
    [
      ["URI", input.uri],
      ["Version", input.version],
      ["Chain ID", input.chainId],
      ["Nonce", input.nonce],
      ["Issued At", input.issuedAt],
      ["Expiration Time", input.expirationTime],
      ["Not Before", input.notBefore],
      ["Request ID", input.requestId],
    ] as const
  )
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
  if (fields.length > 0) message += `\n\n${fields.join("\n")}`;
  return message;
}

export async function installStandInWallet(page: Page, name = "Test Wallet", options: { signIn?: boolean } = {}): Promise<StandInWallet> {
  const secret = ed25519.utils.randomPrivateKey();
  const wallet: StandInWallet = { name, address: bs58.encode(ed25519.getPublicKey(secret)), signed: [], willSign: true, via: [] };
  await page.exposeFunction("__standInWalletSign", (bytes: number[]) => {
    if (!wallet.willSign) throw new Error("User rejected the request");
    const message = Uint8Array.from(bytes);
    wallet.signed.push(new TextDecoder().decode(message));
    wallet.via.push("signMessage");
    return Array.from(ed25519.sign(message, secret));
  });
  await page.exposeFunction("__standInWalletSignIn", (input: Record<string, string | undefined>) => {
    if (!wallet.willSign) throw new Error("User rejected the request");
    const text = walletWrittenSignIn(input, wallet.address);
    const message = new TextEncoder().encode(text);
    wallet.signed.push(text);
    wallet.via.push("signIn");
    return { signedMessage: Array.from(message), signature: Array.from(ed25519.sign(message, secret)) };
  });
  await page.addInitScript(
    ({ name, address, offersSignIn }) => {
      const sign = (globalThis as unknown as { __standInWalletSign: (bytes: number[]) => Promise<number[]> }).__standInWalletSign;
      const signIn = (
        globalThis as unknown as {
          __standInWalletSignIn: (input: unknown) => Promise<{ signedMessage: number[]; signature: number[] }>;
        }
      ).__standInWalletSignIn;
      const account = { address, publicKey: new Uint8Array(32), chains: ["solana:mainnet"], features: ["solana:signMessage"] };
      const wallet = {
        version: "1.0.0",
        name,
        icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=",
        chains: ["solana:mainnet"],
        accounts: [] as (typeof account)[],
        features: {
          "standard:connect": {
            version: "1.0.0",
            connect: async () => {
              wallet.accounts = [account];
              return { accounts: wallet.accounts };
            },
          },
          "solana:signMessage": {
            version: "1.0.0",
            signMessage: (...inputs: { message: Uint8Array }[]) =>
              Promise.all(
                inputs.map(async ({ message }) => ({
                  signedMessage: message,
                  signature: Uint8Array.from(await sign(Array.from(message))),
                })),
              ),
          },
        },
      };
      if (offersSignIn) {
        (wallet.features as Record<string, unknown>)["solana:signIn"] = {
          version: "1.0.0",
          signIn: (...inputs: unknown[]) =>
            Promise.all(
              inputs.map(async (input) => {
                const { signedMessage, signature } = await signIn(input);
                return {
                  account,
                  signedMessage: Uint8Array.from(signedMessage),
                  signature: Uint8Array.from(signature),
                  signatureType: "ed25519",
                };
              }),
            ),
        };
      }
      const registerWith = (api: { register: (wallet: unknown) => void }) => api.register(wallet);
      window.addEventListener("wallet-standard:app-ready", (event) => registerWith((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: registerWith }));
    },
    { name: wallet.name, address: wallet.address, offersSignIn: options.signIn === true },
  );
  return wallet;
}
