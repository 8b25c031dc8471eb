import { customerHoldings } from "./customer-holdings.server";
import { toStorefrontCard, toStorefrontTwin, type StorefrontHoldings } from "./storefront.server";

/*
 * What a customer sees on their Shopify customer account page: the storefront's
 * public shapes (no PRIVATE metadata, no owner or redemption contact), plus the
 * universal names they hold, so the page knows whether a claim needs a key and
 * whether to offer registering a name.
 */

export interface CustomerAccountHoldings extends StorefrontHoldings {
  /** The customer's universal names, alphabetical: a claim without a key goes to the first one's wallet. */
  names: { name: string; publicKey: string }[];
}

/** A Shopify customer's cards, twins and universal names in a shop, public data only. */
export async function customerAccountHoldings(shop: string, customerId: string): Promise<CustomerAccountHoldings> {
  const { names, cards, twins } = await customerHoldings(shop, customerId);
  return {
    cards: cards.map(toStorefrontCard),
    twins: twins.map(toStorefrontTwin),
    names: names.map((name) => ({ name: name.uns_name, publicKey: name.public_key })),
  };
}
