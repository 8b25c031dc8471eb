import { shopifyCustomerIdOf } from "~/domain/customer-holdings.server";
import { customerNames, listCustomers, type GraphqlClient } from "~/adapters/shopify/admin-customers.server";

/** A Shopify customer an owner stands for: their id (for /app/customers/<id>) and name. */
export interface CustomerLink {
  id: string;
  name: string;
}

/**
 * The Shopify customers behind these owners, by owner (`shopify|<id>`), so a
 * list can show "Jane Doe" linking to her page instead of `shopify|7481263448145`.
 * Other owners, and customers the shop no longer has, are left out; if the
 * Admin API cannot answer, the list shows the owners as they are.
 */
export async function customerLinks(graphql: GraphqlClient, owners: (string | null | undefined)[]): Promise<Record<string, CustomerLink>> {
  const ids = owners.map(shopifyCustomerIdOf).filter((id): id is string => id !== null);
  const names = await customerNames(graphql, ids).catch((error: unknown) => {
    console.error("Customer names for a list could not be read:", error);
    return {} as Record<string, string>;
  });
  const links: Record<string, CustomerLink> = {};
  for (const owner of owners) {
    const id = shopifyCustomerIdOf(owner);
    if (owner && id && names[id]) links[owner] = { id, name: names[id] };
  }
  return links;
}

/**
 * The shop's customer a claim code was sent to: the one whose e-mail or phone is
 * exactly one of `destinations` (a card issued by redemption). Null when none
 * is, or when the Admin API cannot answer: the card page then shows no link.
 */
export async function customerOfDestinations(graphql: GraphqlClient, destinations: string[]): Promise<CustomerLink | null> {
  for (const destination of destinations.slice(0, 3)) {
    const wanted = destination.toLowerCase();
    try {
      const { items } = await listCustomers(graphql, { search: destination });
      const match = items.find((customer) => customer.email?.toLowerCase() === wanted || customer.phone === destination);
      if (match) return { id: match.id, name: match.name };
    } catch (error) {
      console.error("The customer of a claim code could not be read:", error);
      return null;
    }
  }
  return null;
}
