import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { checkSignIn, parseSignInMessage, signInMessage, type SignInFields } from "~/domain/sign-in-with-solana";

// Issue 39, item 6 (decision 0072): the request a wallet signs to link itself, in Sign In With
// Solana's format, and the server's check of what the wallet signed.

const secret = ed25519.utils.randomPrivateKey();
const address = bs58.encode(ed25519.getPublicKey(secret));
const other = ed25519.utils.randomPrivateKey();

const issued: SignInFields = {
  domain: "maison-lumiere.fr",
  address,
  statement: "Associer ce portefeuille à vos cartes chez Maison Lumière. Signer est gratuit et n’envoie aucune transaction.",
  uri: "https://maison-lumiere.fr/apps/twincards/wallet",
  version: "1",
  chainId: "mainnet",
  nonce: "4f1c0a9e2b7d4c1e8a3f6b0d5e2c9a71",
  issuedAt: "2026-12-07T14:00:00.000Z",
  expirationTime: "2026-12-07T14:10:00.000Z",
};

const bytes = (text: string) => new TextEncoder().encode(text);
const sign = (text: string, key = secret) => ed25519.sign(bytes(text), key);
const fresh = { used: false, now: new Date("2026-12-07T14:05:00.000Z") };

describe("the Sign In With Solana message", () => {
  it("reads as a wallet shows it: the host, the address, the sentence in the shopper's words, then the fields", () => {
    expect(signInMessage(issued)).toBe(
      [
        "maison-lumiere.fr wants you to sign in with your Solana account:",
        address,
        "",
        "Associer ce portefeuille à vos cartes chez Maison Lumière. Signer est gratuit et n’envoie aucune transaction.",
        "",
        "URI: https://maison-lumiere.fr/apps/twincards/wallet",
        "Version: 1",
        "Chain ID: mainnet",
        "Nonce: 4f1c0a9e2b7d4c1e8a3f6b0d5e2c9a71",
        "Issued At: 2026-12-07T14:00:00.000Z",
        "Expiration Time: 2026-12-07T14:10:00.000Z",
      ].join("\n"),
    );
  });

  it("parses back to exactly the fields it was written from, and refuses what is not one", () => {
    expect(parseSignInMessage(signInMessage(issued))).toEqual(issued);
    expect(parseSignInMessage(signInMessage({ ...issued, statement: "" }))).toEqual({ ...issued, statement: undefined });
    expect(parseSignInMessage("Link this wallet to customer 42 of shop.myshopify.com")).toBeNull();
    expect(parseSignInMessage(`${signInMessage(issued)}\nNonce: again`)).toBeNull();
  });
});

describe("checking what the wallet signed", () => {
  it("accepts the issued request signed by the address's key", () => {
    const message = signInMessage(issued);
    expect(checkSignIn(issued, bytes(message), sign(message), fresh)).toBeNull();
  });

  it("refuses another domain, an altered statement, another nonce, another address or an added field", () => {
    const variants: SignInFields[] = [
      { ...issued, domain: "evil.example" },
      { ...issued, statement: "Associer ce portefeuille à vos cartes chez Maison Lumière." },
      { ...issued, nonce: "00000000000000000000000000000000" },
      { ...issued, expirationTime: "2027-12-07T14:10:00.000Z" },
      { ...issued, address: bs58.encode(ed25519.getPublicKey(other)) },
    ];
    for (const fields of variants) {
      const message = signInMessage(fields);
      // Even properly signed by the key it names, it is not what the server issued.
      expect(checkSignIn(issued, bytes(message), sign(message), fresh)).toBe("FIELDS_DIFFER");
    }
    const withResources = `${signInMessage(issued)}\nResources:\n- https://evil.example`;
    expect(checkSignIn(issued, bytes(withResources), sign(withResources), fresh)).toBe("FIELDS_DIFFER");
    expect(checkSignIn(issued, bytes("hello"), sign("hello"), fresh)).toBe("NOT_SIGN_IN");
  });

  it("refuses a bad signature: another key's, a flipped bit, a truncated one", () => {
    const message = signInMessage(issued);
    const flipped = sign(message);
    flipped[10]! ^= 1;
    expect(checkSignIn(issued, bytes(message), sign(message, other), fresh)).toBe("BAD_SIGNATURE");
    expect(checkSignIn(issued, bytes(message), flipped, fresh)).toBe("BAD_SIGNATURE");
    expect(checkSignIn(issued, bytes(message), sign(message).slice(0, 63), fresh)).toBe("BAD_SIGNATURE");
  });

  it("refuses an expired request and a replayed one, whatever was signed", () => {
    const message = signInMessage(issued);
    const signature = sign(message);
    expect(checkSignIn(issued, bytes(message), signature, { used: false, now: new Date(issued.expirationTime) })).toBe("EXPIRED");
    expect(checkSignIn(issued, bytes(message), signature, { used: true, now: fresh.now })).toBe("USED");
  });
});
