import { toUnitCard } from "./card-view";
import { listCards } from "./cards.server";
import { namesOfOwner } from "./names.server";
import { shopifyCustomerIdOf, shopifyOwner } from "./owners";
import type { DigitalTwin, NameRecord, UnitCard } from "./schemas";
import { stores } from "./stores";
import { listTwins } from "./twins.server";

// Where the admin pages have always found them.
export { shopifyCustomerIdOf, shopifyOwner };

export interface CustomerHoldings {
  names: NameRecord[];
  cards: UnitCard[];
  twins: DigitalTwin[];
}

/** What a Shopify customer holds in a shop: their universal names, cards and the twins issued to their names. */
export async function customerHoldings(shop: string, customerId: string): Promise<CustomerHoldings> {
  const owner = shopifyOwner(customerId);
  const names = await namesOfOwner(owner);
  const [{ cards }, { twins }] = await Promise.all([
    listCards(shop, { owner, limit: "100" }),
    names.length ? listTwins(shop, { nameIds: names.map((name) => name.uns_name_id), limit: 100 }) : { twins: [] },
  ]);
  return { names, cards, twins };
}

/**
 * The cards waiting for a customer to claim them: issued by redemption, their
 * code sent to the customer's e-mail or phone, not yet claimed (live data),
 * newest first.
 */
export async function pendingCardsFor(shop: string, contacts: { email?: string | null; phone?: string | null }): Promise<UnitCard[]> {
  const destinations = [
    ...new Set([contacts.email, contacts.email?.toLowerCase(), contacts.phone].filter((value): value is string => !!value)),
  ];
  if (destinations.length === 0) return [];
  const notifications = await stores().notifications.sentTo(shop, destinations);
  const redemptions = await stores().cards.redemptionsWithCards([
    ...new Set(notifications.map((notification) => notification.redemptionId)),
  ]);
  const waiting = redemptions.flatMap((redemption) =>
    redemption.cards.filter((card) => card.status === "PENDING_REDEMPTION").map((card) => card.id),
  );
  const cards = await stores().cards.viewsInShop(shop, waiting.slice(0, MAX_PENDING_LISTED));
  return cards
    .filter((card) => card.livemode)
    .map((card) => toUnitCard(card))
    .reverse();
}

/** Enough for a customer's page; the Cards list has the rest. */
const MAX_PENDING_LISTED = 50;
