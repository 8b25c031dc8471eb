import { shopifyCustomerIdOf } from "~/domain/customer-holdings.server";
import { customerNames, type GraphqlClient } from "~/adapters/shopify/admin-customers.server";

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
