import { listCards } from "./cards.server";
import { namesOfOwner } from "./names.server";
import { shopifyCustomerIdOf, shopifyOwner } from "./owners";
import type { DigitalTwin, NameRecord, UnitCard } from "./schemas";
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
