import { toUnitCard } from "./card-view";
import { conflict, notFound } from "./errors";
import { recordEvents } from "./events.server";
import { isIdOf } from "./ids";
import type { UnitCard } from "./schemas";
import { stores } from "./stores";

export const VOIDED_BY_MERCHANT = "Voided by the merchant";

/**
 * Voids a card still waiting for its code to be redeemed: the code no longer
 * claims it (a redeem of a code whose cards are all void answers VOIDED, 410).
 * Idempotent: a void card is returned as it is. An owned card stays owned: CONFLICT.
 */
export async function voidCard(shop: string, id: string, reason = VOIDED_BY_MERCHANT, livemode = true): Promise<UnitCard> {
  if (!isIdOf("card", id)) throw notFound("Unit card");
  return stores().transaction(async () => {
    const status = await stores().cards.statusOf(shop, id, livemode);
    if (status === null) throw notFound("Unit card");
    if (status === "OWNED") throw conflict("This card is already owned; an owned card cannot be voided");
    if (status === "PENDING_REDEMPTION") await voidPendingCards(shop, [id], reason, livemode);
    const row = await stores().cards.viewOf(shop, id);
    return toUnitCard(row);
  });
}

/** Voids those of `ids` (of one mode) still pending, in the caller's transaction, and records unit_card.voided for each; returns how many. */
export async function voidPendingCards(shop: string, ids: string[], reason: string, livemode = true): Promise<number> {
  if (ids.length === 0) return 0;
  const now = new Date();
  // Conditional on the status, so a redeem that won meanwhile keeps its cards.
  const count = await stores().cards.voidPending(shop, livemode, ids, reason, now);
  if (count === 0) return 0;
  const voided = await stores().cards.voidedAt(ids, now);
  await recordEvents(
    shop,
    "unit_card.voided",
    voided.map((card) => ({ objectType: "unit_card", object: toUnitCard(card) })),
    { livemode },
  );
  await withdrawClaimMessages(
    shop,
    voided.map((card) => card.redemptionId).filter((id): id is string => id !== null),
  );
  return count;
}

/** Claim messages not sent yet for codes with nothing left to claim are not sent: their code would only answer VOIDED. */
async function withdrawClaimMessages(shop: string, redemptionIds: string[]) {
  const emptied = await stores().cards.emptiedCodes(shop, [...new Set(redemptionIds)]);
  if (emptied.length === 0) return;
  await stores().notifications.withdrawPending(emptied, WITHDRAWN);
}

/**
 * Why a claim message was not sent (the notification's last error, shown in admin). Its status is
 * WITHDRAWN, not FAILED: nothing went wrong, Home does not count it as failed and Resend is not offered.
 */
export const WITHDRAWN = "Not sent: every card of its code was voided";
