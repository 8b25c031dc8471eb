import { RateLimit } from "~/lib/rate-limit";
import { toUnitCard } from "./card-view";
import { createRedemption } from "./cards.server";
import { conflict, DomainError, notFound, TooManyAttempts } from "./errors";
import { newId } from "./ids";
import { shopifyCustomerIdOf } from "./owners";
import { ports } from "./ports";
import { giveCardInput, parseInput, type CardData, type MetadataEntry, type UnitCard } from "./schemas";
import { stores, wiredRateBuckets, type CardView } from "./stores";

/*
 * Gifting (docs/decisions/0043-gifting-and-provenance.md): the holder of an owned
 * card gives it to someone by e-mail or phone. The card waits, PENDING_TRANSFER,
 * under a new single-use code sent in the shop's claim message; the recipient
 * claims it like any card (redeem.server.ts), with or without a wallet, and the
 * giver can take it back until then. A card minted on-chain is in the giver's
 * wallet, which the shop cannot move: it cannot be given here.
 */

/** How long a gift's code claims the card. */
export const GIFT_CODE_LIFETIME_DAYS = 30;

// Each gift sends an e-mail or a text to an address the customer types: per customer of a shop,
// 5 at once, then one every 12 minutes, across replicas, so the shop's sender is never a spam relay.
export const GIFTS_AT_ONCE = 5;
const giftsPerCustomer = new RateLimit("gift-customer", { capacity: GIFTS_AT_ONCE, refillPerSecond: 1 / 720 }, wiredRateBuckets);

/** Whether a card can be given: owned, and not an NFT (the shop cannot move one out of its holder's wallet). */
export const canBeGiven = (card: { status: string }, minted: boolean) => card.status === "OWNED" && !minted;

/** The card `cardId` of `owner`, or NOT_FOUND: someone else's card is not theirs to see, as another shop's is not. */
async function heldCard(shop: string, owner: string, cardId: string, livemode: boolean): Promise<CardView> {
  const card = await stores().cards.findForShop(shop, cardId, livemode);
  if (!card || card.owner !== owner) throw notFound("Card");
  return card;
}

/** Gives `owner`'s card: a new code goes to the recipient; the card is theirs once they claim it. */
export async function giveCard(shop: string, owner: string, cardId: string, input: unknown, livemode = true): Promise<UnitCard> {
  const { email, phone, message, fromName, locale } = parseInput(giveCardInput, input);
  const taken = await giftsPerCustomer.take(`${shop}\n${owner}`);
  if (!taken.ok) throw new TooManyAttempts("Too many gifts sent; try again later", taken.retryAfterSeconds);
  const words = await giftWords(shop, owner, { email, phone, fromName, locale });
  const now = new Date();
  return stores().transaction(async () => {
    const card = await heldCard(shop, owner, cardId, livemode);
    if (card.status === "VOID") throw new DomainError("VOIDED", "This card was voided: it cannot be given");
    if (card.status === "PENDING_TRANSFER") throw conflict("This card is already being given: cancel that gift first");
    if (card.status !== "OWNED") throw notFound("Card");
    // Owned by now: what is left of the rule is the NFT.
    if (!canBeGiven(card, card.chainMint !== null)) {
      throw conflict("This card is an NFT in your wallet: the shop cannot move it. Send it from your wallet app instead");
    }
    const cardData: CardData = { name: card.name, media: card.media as CardData["media"], metadata: card.metadata as MetadataEntry[] };
    const expiresAt = new Date(now.getTime() + GIFT_CODE_LIFETIME_DAYS * 86_400_000);
    const { row } = await createRedemption(
      shop,
      { email, phone, expiresAt, giftMessage: message, ...words },
      [cardData],
      now,
      "",
      livemode,
    );
    if (!(await stores().gifts.startTransfer(card.id, owner, row.id))) throw conflict("This card changed meanwhile: reload and try again");
    await stores().gifts.insert({
      id: newId("gft"),
      shop,
      cardId: card.id,
      fromOwner: owner,
      toOwner: null,
      redemptionId: row.id,
      previousRedemptionId: card.redemptionId,
      message: message ?? null,
      fromName: words.gift.giverName,
      giverLocale: locale ?? null,
      toName: words.firstName ?? null,
      status: "PENDING",
      createdAt: now,
      settledAt: null,
      livemode,
    });
    return toUnitCard(await stores().cards.viewOf(shop, card.id));
  });
}

/**
 * Who the gift's message names and which language it is in (issue 39): the giver as they chose to
 * be named, else their first name in Shopify, never their e-mail; the recipient's own language when
 * they are a customer Shopify knows with one, else the language of the page the giver gave from
 * (else, when sent, the shop's primary language). Shopify is asked before the transaction; not
 * reaching it leaves both unknown.
 */
async function giftWords(
  shop: string,
  owner: string,
  given: { email?: string; phone?: string; fromName?: string; locale?: string },
): Promise<{ gift: { giverName: string | null }; locale?: string; firstName?: string }> {
  const giverId = shopifyCustomerIdOf(owner);
  const [giver, recipient] = await Promise.all([
    given.fromName || giverId === null ? null : ports().customers.about(shop, giverId),
    ports().customers.byContact(shop, { email: given.email, phone: given.phone }),
  ]);
  const locale = recipient?.locale ?? given.locale;
  return {
    gift: { giverName: given.fromName ?? giver?.firstName ?? null },
    ...(locale ? { locale } : {}),
    ...(recipient?.firstName ? { firstName: recipient.firstName } : {}),
  };
}

/** Takes a gift back before it is claimed: the card is the giver's again, and the gift's code claims nothing. */
export async function cancelGift(shop: string, owner: string, cardId: string, livemode = true): Promise<UnitCard> {
  const now = new Date();
  return stores().transaction(async () => {
    const card = await heldCard(shop, owner, cardId, livemode);
    const gift = card.status === "PENDING_TRANSFER" ? await stores().gifts.pendingOfCard(card.id) : null;
    if (!gift) throw conflict("This card is not being given");
    // The first write decides a race with the recipient's claim.
    if (!(await stores().gifts.settle(gift.id, "CANCELLED", now, null))) throw conflict("The recipient has already claimed this card");
    await stores().gifts.returnCard(card.id, gift.previousRedemptionId);
    await stores().notifications.withdrawPending([gift.redemptionId], GIFT_CANCELLED);
    return toUnitCard(await stores().cards.viewOf(shop, card.id));
  });
}

/** Why a gift's claim message was not sent (the notification's last error, shown in admin). */
export const GIFT_CANCELLED = "Not sent: the giver took the gift back";

/** A gift the customer received, as their card shows it: who gave it (the name they chose), and when it was claimed. */
export interface GiftReceived {
  fromName: string | null;
  at: string;
}

/** A gift the customer gave and its recipient claimed: "given to <name or masked address> on <date>". */
export interface GiftGiven {
  cardId: string;
  cardName: string;
  /** The recipient's first name in Shopify, else the masked address the gift went to. */
  recipient: string;
  at: string;
}

/**
 * A customer's side of the gifts they took part in (issue 39, item 9): for each card they hold that
 * was given to them, who gave it; and the gifts they gave that were claimed, newest first. Only the
 * customer's own gifts are read, and nothing of the other party but the name the gift stored.
 */
export async function giftsOfCustomer(shop: string, owner: string): Promise<{ received: Map<string, GiftReceived>; given: GiftGiven[] }> {
  const gifts = (await stores().gifts.ofOwner(shop, owner)).filter((gift) => gift.status === "CLAIMED" && gift.settledAt && gift.livemode);
  const received = new Map<string, GiftReceived>();
  for (const gift of gifts) {
    if (gift.toOwner === owner) received.set(gift.cardId, { fromName: gift.fromName, at: gift.settledAt!.toISOString() });
  }
  const gave = gifts.filter((gift) => gift.fromOwner === owner);
  if (gave.length === 0) return { received, given: [] };
  const [cards, codes] = await Promise.all([
    stores().cards.viewsInShop(
      shop,
      gave.map((gift) => gift.cardId),
    ),
    stores().cards.redemptionsWithCards(gave.map((gift) => gift.redemptionId)),
  ]);
  const nameOf = new Map(cards.map((card) => [card.id, card.name]));
  const codeOf = new Map(codes.map((code) => [code.id, code]));
  const given = gave
    .map((gift) => {
      const code = codeOf.get(gift.redemptionId);
      return {
        cardId: gift.cardId,
        cardName: nameOf.get(gift.cardId) ?? "",
        recipient: gift.toName ?? code?.emailMasked ?? code?.phoneMasked ?? "",
        at: gift.settledAt!.toISOString(),
      };
    })
    .reverse();
  return { received, given };
}
