import { randomBytes } from "node:crypto";
import { RateLimit } from "~/lib/rate-limit";
import { toUnitCard } from "./card-view";
import { enqueueMints } from "./chain-mints.server";
import type { LinkedWallet } from "./customer-wallets.server";
import { conflict, DomainError, notFound, TooManyAttempts } from "./errors";
import { recordEvents } from "./events.server";
import { newId } from "./ids";
import { registerNameFor } from "./names.server";
import { shopifyOwner } from "./owners";
import { checkSignIn, signInMessage, type SignInFields } from "./sign-in-with-solana";
import { ports } from "./ports";
import {
  parseInput,
  unsignedWalletLinkInput,
  walletChallengeInput,
  walletLinkInput,
  type NameRecord,
  type UnitCard,
  type UnsignedWalletLinkCommand,
  type WalletChallengeCommand,
  type WalletLinkCommand,
} from "./schemas";
import { toStorefrontCard, toStorefrontWallet, type StorefrontCard, type StorefrontWallet } from "./storefront.server";
import { stores, wiredRateBuckets, type WalletChallengeRecord } from "./stores";

/*
 * A customer who claimed with no wallet links one later (decision 0032): their
 * wallet signs a one-time Sign In With Solana request (decision 0072) — the
 * storefront's host, the wallet's address, one sentence in the shopper's
 * language naming the shop, and a nonce — either written by the wallet from the
 * fields (`solana:signIn`) or as the text the page sends (`solana:signMessage`).
 * The server checks that what was signed is exactly what it issued, with the
 * address's ed25519 key, once, within 10 minutes. Which customer and shop it
 * binds stays on the server, with the nonce. Then every item the shop holds for
 * them gets the key (and is minted to it when chain issuing is on), and their
 * later claims go there.
 */

export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** The network named in the request; Sign In With Solana's short form, which wallets show as Solana. */
export const SIGN_IN_CHAIN_ID = "mainnet";
// A page asks for one challenge per attempt; ten a minute per customer is more than a person needs.
const CHALLENGES_PER_MINUTE = 10;
const challengesByCustomer = new RateLimit(
  "wallet-challenge",
  { capacity: CHALLENGES_PER_MINUTE, refillPerSecond: CHALLENGES_PER_MINUTE / 60 },
  wiredRateBuckets,
);

/** What the customer's wallet is asked to sign: the message, and its fields for a wallet that writes it itself. */
export interface WalletChallengeView {
  challengeId: string;
  message: string;
  signIn: SignInFields;
  expiresAt: string;
}

/** A wallet linked, what moved to it, and the universal name registered with it. */
export interface WalletLinked {
  wallet: LinkedWallet;
  cards: UnitCard[];
  name: NameRecord | null;
}

type ChallengeFields = Pick<WalletChallengeRecord, "publicKey" | "domain" | "statement" | "nonce" | "issuedAt" | "expiresAt">;

/** The Sign In With Solana fields of a challenge, rebuilt the same way whenever they are sent or checked. */
export function walletSignInFields(challenge: ChallengeFields): SignInFields {
  return {
    domain: challenge.domain,
    address: challenge.publicKey,
    statement: challenge.statement,
    uri: `https://${challenge.domain}${ports().urls.proxyPath()}/wallet`,
    version: "1",
    chainId: SIGN_IN_CHAIN_ID,
    nonce: challenge.nonce,
    issuedAt: challenge.issuedAt.toISOString(),
    expirationTime: challenge.expiresAt.toISOString(),
  };
}

/** The message of a challenge, as a `solana:signMessage` wallet is asked to sign it. */
export const walletLinkMessage = (challenge: ChallengeFields): string => signInMessage(walletSignInFields(challenge));

/** A statement as a wallet shows it: one line, bounded. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

/** A new challenge for the customer's wallet `publicKey` to sign. */
export async function startWalletLink(
  shop: string,
  customerId: string,
  { publicKey, domain }: WalletChallengeCommand,
  statement: string,
  now = new Date(),
): Promise<WalletChallengeView> {
  const owner = shopifyOwner(customerId);
  const taken = await challengesByCustomer.take(`${shop}\n${owner}`);
  if (!taken.ok) throw new TooManyAttempts("Too many link requests; try again in a minute", taken.retryAfterSeconds);
  const challenge = {
    id: newId("wch"),
    shop,
    owner,
    publicKey,
    domain: domain ?? shop,
    statement: oneLine(statement),
    nonce: randomBytes(16).toString("hex"),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  };
  await stores().wallets.createChallenge(challenge);
  return {
    challengeId: challenge.id,
    message: walletLinkMessage(challenge),
    signIn: walletSignInFields(challenge),
    expiresAt: challenge.expiresAt.toISOString(),
  };
}

/**
 * Completes a challenge with the wallet's signature of its message: 404 for
 * another customer's or shop's challenge, 409 once used, 410 once expired, 422
 * at `signature` when it is not that wallet's signature of that message, and at
 * `signedMessage` when a `solana:signIn` wallet signed other fields than those issued.
 */
export async function completeWalletLink(
  shop: string,
  customerId: string,
  { challengeId, signature, signedMessage, name }: WalletLinkCommand,
  now = new Date(),
): Promise<WalletLinked> {
  const owner = shopifyOwner(customerId);
  const challenge = await stores().wallets.challenge(challengeId);
  if (!challenge || challenge.shop !== shop || challenge.owner !== owner) throw notFound("Link request");
  const issued = walletSignInFields(challenge);
  // A signMessage wallet signed the text the page was given; a signIn wallet says what it signed.
  const signed = signedMessage !== undefined ? Buffer.from(signedMessage, "base64") : new TextEncoder().encode(signInMessage(issued));
  const refusal = checkSignIn(issued, signed, Buffer.from(signature, "base64"), { used: challenge.usedAt !== null, now });
  if (refusal === "USED") throw usedAlready();
  if (refusal === "EXPIRED") throw new DomainError("EXPIRED", "This link request has expired: start again, and sign within 10 minutes");
  if (refusal === "NOT_SIGN_IN" || refusal === "FIELDS_DIFFER") {
    throw new DomainError("VALIDATION_FAILED", "The wallet signed another request than this one", [
      { path: "signedMessage", message: "Not the sign-in request issued for this link: start again" },
    ]);
  }
  if (refusal === "BAD_SIGNATURE") throw notThisWallet();
  return stores().transaction(async () => {
    // One use: of two completions at once, one marks it.
    if (!(await stores().wallets.markChallengeUsed(challenge.id, now))) throw usedAlready();
    return linkWallet(shop, owner, challenge.publicKey, true, name, now);
  });
}

/** Links a pasted address, unproved: only with `acknowledgeRisk` (the schema insists), and said so wherever it shows. */
export function linkWalletUnsigned(
  shop: string,
  customerId: string,
  { publicKey, name }: UnsignedWalletLinkCommand,
  now = new Date(),
): Promise<WalletLinked> {
  return stores().transaction(() => linkWallet(shop, shopifyOwner(customerId), publicKey, false, name, now));
}

/** Edge wrapper: parse what a customer's page sent, then start a challenge. */
export async function startWalletLinkFrom(
  shop: string,
  customerId: string,
  input: unknown,
  statementIn: (language: string | undefined) => Promise<string>,
): Promise<WalletChallengeView> {
  const command = parseInput(walletChallengeInput, input);
  return startWalletLink(shop, customerId, command, await statementIn(command.language));
}

/** Edge wrapper: a signed challenge (`challengeId`, `signature`) or a pasted address (`publicKey`, `acknowledgeRisk`), parsed, then linked. */
export function linkWalletFrom(shop: string, customerId: string, input: unknown): Promise<WalletLinked> {
  const signed = typeof input === "object" && input !== null && "challengeId" in input;
  return signed
    ? completeWalletLink(shop, customerId, parseInput(walletLinkInput, input))
    : linkWalletUnsigned(shop, customerId, parseInput(unsignedWalletLinkInput, input));
}

/** What a customer's page shows of a link: the wallet as they recognise it, the items that moved there, the name registered. */
export interface StorefrontWalletLinked {
  wallet: NonNullable<StorefrontWallet>;
  cards: StorefrontCard[];
  name: string | null;
}

export const toStorefrontWalletLinked = ({ wallet, cards, name }: WalletLinked): StorefrontWalletLinked => ({
  wallet: toStorefrontWallet(wallet)!,
  cards: cards.map(toStorefrontCard),
  name: name?.uns_name ?? null,
});

const notThisWallet = () =>
  new DomainError("VALIDATION_FAILED", "This is not the wallet's signature of this request", [
    { path: "signature", message: "Not this wallet's signature of this request: sign again with the wallet you chose" },
  ]);

const usedAlready = () => conflict("This link request was used already: start again", [{ path: "challengeId", message: "Used already" }]);

/**
 * In the caller's transaction: registers the name (a taken one undoes it all),
 * records the wallet, moves every item the shop holds for the owner to it, queues
 * their mints, and writes a unit_card.wallet_linked event per item.
 */
async function linkWallet(
  shop: string,
  owner: string,
  publicKey: string,
  verified: boolean,
  name: string | undefined,
  now: Date,
): Promise<WalletLinked> {
  const registered = name ? await registerNameFor(shop, { name, publicKey, owner }) : null;
  await stores().wallets.saveWallet({ shop, owner, publicKey, verified, linkedAt: now });
  const ids = await stores().cards.heldFor(shop, owner);
  await stores().cards.moveToWallet(ids, publicKey, now);
  await enqueueMints(
    shop,
    ids.map((cardId) => ({ cardId, recipient: publicKey })),
  );
  const rows = await stores().cards.views(ids);
  const cards = rows.map((row) => toUnitCard(row));
  await recordEvents(
    shop,
    "unit_card.wallet_linked",
    cards.map((object) => ({ objectType: "unit_card", object })),
  );
  return { wallet: { publicKey, verified, linkedAt: now.toISOString() }, cards, name: registered };
}
