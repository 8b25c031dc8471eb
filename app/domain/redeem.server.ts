import type { z } from "zod";
import { RateLimit } from "~/lib/rate-limit";
import { toUnitCard } from "./card-view";
import { enqueueMints } from "./chain-mints.server";
import { hashCode, normalizeCode } from "./codes.server";
import { recordEvents } from "./events.server";
import { enqueueGiftClaimedNotice } from "./notifications.server";
import { shopifyCustomerIdOf } from "./owners";
import { ports } from "./ports";
import { conflict, DomainError, GiftTakenBack, notFound, TooManyAttempts } from "./errors";
import { parseInput, redeemInput, type UnitCard } from "./schemas";
import { stores, wiredRateBuckets, type RedemptionWithCards } from "./stores";

// 10 attempts a minute per code prefix (in a shop) and per client address, as a
// token bucket: a burst of 10, then one every 6 s. Shared by every replica (decision 0025).
const ATTEMPTS_PER_MINUTE = 10;
const attempts = { capacity: ATTEMPTS_PER_MINUTE, refillPerSecond: ATTEMPTS_PER_MINUTE / 60 };
const byCodePrefix = new RateLimit("redeem-code", attempts, wiredRateBuckets);
const byClientAddress = new RateLimit("redeem-address", attempts, wiredRateBuckets);

export interface RedeemClient {
  /** The caller's network address, for the per-address attempt limit. */
  address: string;
}

/** A redemption code and who claims its cards. */
export type RedeemCommand = z.output<typeof redeemInput>;

/** Edge wrapper for callers that hold an unparsed body: parse, then redeem. */
export const redeemCode = (shop: string, input: unknown, client: RedeemClient) => redeem(shop, parseInput(redeemInput, input), client);

/**
 * Claims every card of a redemption code for `owner`, in the wallet `publicKey`
 * or, without one, held by the shop for the owner (custody HELD, nothing minted
 * until a wallet is linked). Single-use: of concurrent redeems of one code
 * exactly one wins (a conditional update decides), the others get CONFLICT.
 * Every attempt, right or wrong, counts toward the limits.
 */
export async function redeem(shop: string, command: RedeemCommand, client: RedeemClient, livemode = true): Promise<UnitCard[]> {
  await countRedeemAttempt(shop, command.code, client, livemode);
  return redeemCounted(shop, command, livemode);
}

/**
 * Counts one redeem attempt of `code` against the limits (per code prefix, per
 * client address); TooManyAttempts when either is spent. Called before any
 * transaction opens, so an attempt counts even when the redeem then fails and
 * rolls back (an idempotent /v1 request redeems inside its transaction: its
 * route counts the attempt first and then calls `redeemCounted`).
 */
export async function countRedeemAttempt(shop: string, code: string, client: RedeemClient, livemode = true): Promise<void> {
  // By code point, so a code never leaves half a surrogate pair in a bucket's key.
  const prefix = Array.from(normalizeCode(code)).slice(0, 4).join("");
  // Test codes have buckets of their own: experiments with a test key never lock out a live code.
  const codeBucket = livemode ? `${shop}\n${prefix}` : `${shop}\ntest\n${prefix}`;
  const results = await Promise.all([byCodePrefix.take(codeBucket), byClientAddress.take(client.address)]);
  const refused = results.find((result) => !result.ok);
  if (refused && !refused.ok) throw new TooManyAttempts("Too many redeem attempts; try again later", refused.retryAfterSeconds);
}

/** `redeem` for a caller that counted the attempt already (`countRedeemAttempt`). */
export async function redeemCounted(
  shop: string,
  { code, owner, publicKey: givenKey }: RedeemCommand,
  livemode = true,
): Promise<UnitCard[]> {
  const normalized = normalizeCode(code);
  const find = () => stores().cards.redemptionByCode(shop, hashCode(shop, normalized, livemode), livemode);
  return redeemFound(shop, find, owner, givenKey ?? null, livemode);
}

/**
 * A logged-in customer claims the code `redemptionId` without typing it (issue 39, item 7): the
 * caller has checked that Shopify vouches for the address it was sent to. The same claim as with
 * the code — single use, expiry, voided cards, the same events — but no attempt is counted: nothing
 * is guessed. A code of another mode (test) claims as its own mode.
 */
export async function redeemById(shop: string, redemptionId: string, owner: string, publicKey: string | null): Promise<UnitCard[]> {
  const found = await stores().cards.redemptionById(shop, redemptionId);
  if (!found) throw notFound("Redemption code not found");
  return redeemFound(shop, () => stores().cards.redemptionById(shop, redemptionId), owner, publicKey, found.livemode);
}

async function redeemFound(
  shop: string,
  find: () => Promise<RedemptionWithCards | null>,
  owner: string,
  publicKey: string | null,
  livemode: boolean,
): Promise<UnitCard[]> {
  const now = new Date();
  // A gift's giver is told when it is claimed (issue 39, item 9): their e-mail is Shopify's, asked
  // before the transaction and never retried; unknown, and the claim goes on without the notice.
  const giver = await giverOfGift(shop, await find());
  return stores().transaction(async () => {
    const redemption = await find();
    // A gift's code (decision 0043): its card moves from the giver to whoever claims it.
    const gift = redemption && (await stores().gifts.byRedemption(redemption.id));
    if (gift?.status === "CANCELLED") throw giftTakenBack();
    assertRedeemable(redemption, now);
    if (gift?.fromOwner === owner) throw conflict("You gave this card: take the gift back on your cards page to keep it");
    // The first write decides the race: only one transaction sees redeemedAt still null.
    if (!(await stores().cards.markRedeemed(redemption.id, now, owner, publicKey))) throw alreadyRedeemed();
    // And of a claim and the giver's cancel, the first to settle the gift.
    if (gift && !(await stores().gifts.settle(gift.id, "CLAIMED", now, owner))) throw giftTakenBack();
    // Voided cards (a cancelled order, the merchant) stay void; the rest are claimed.
    await stores().cards.claimPending(redemption.id, owner, publicKey);
    const cards = await stores().cards.ownedOfCode(redemption.id);
    // Held cards wait for a wallet: they are minted when their owner links one. Test cards are never minted.
    const mints =
      publicKey && livemode
        ? await enqueueMints(
            shop,
            cards.map(({ id }) => ({ cardId: id, recipient: publicKey })),
          )
        : [];
    const mintOf = new Map(mints.map((mint) => [mint.cardId, mint]));
    const redeemed = cards.map((card) => toUnitCard({ ...card, chainMint: mintOf.get(card.id) }));
    if (gift && giver?.giftId === gift.id && giver.email && cards[0]) {
      await enqueueGiftClaimedNotice({
        shop,
        redemptionId: redemption.id,
        email: giver.email,
        locale: gift.giverLocale,
        firstName: giver.firstName,
        recipient: gift.toName ?? redemption.emailMasked ?? redemption.phoneMasked ?? "",
        claimedAt: now,
        card: cards[0],
        livemode,
      });
    }
    await recordEvents(
      shop,
      gift ? "unit_card.transferred" : "unit_card.redeemed",
      redeemed.map((object) => ({ objectType: "unit_card", object })),
      { livemode },
    );
    return redeemed;
  });
}

function assertRedeemable<R extends { redeemedAt: Date | null; expiresAt: Date; cards: { status: string }[] }>(
  redemption: R | null,
  now: Date,
): asserts redemption is R {
  if (!redemption) throw notFound("Redemption code");
  if (redemption.redeemedAt) throw alreadyRedeemed();
  if (redemption.expiresAt <= now) throw new DomainError("EXPIRED", "This redemption code has expired");
  if (redemption.cards.every((card) => card.status === "VOID")) {
    throw new DomainError(
      "VOIDED",
      "The shop voided the cards of this code (for example, their order was cancelled): there is nothing left to claim",
    );
  }
}

/** The giver of the gift `code` is, while it waits, and what Shopify says of them; null for any other code. */
async function giverOfGift(shop: string, redemption: RedemptionWithCards | null) {
  const gift = redemption && !redemption.redeemedAt ? await stores().gifts.byRedemption(redemption.id) : null;
  const giverId = gift?.status === "PENDING" ? shopifyCustomerIdOf(gift.fromOwner) : null;
  if (!gift || giverId === null) return null;
  const facts = await ports().customers.about(shop, giverId);
  return facts && { giftId: gift.id, email: facts.email, firstName: facts.firstName };
}

const alreadyRedeemed = () => conflict("This redemption code has already been redeemed");
const giftTakenBack = () => new GiftTakenBack();
