/*
 * Owners are `<provider>|<id>` (schemas/common.ts checks the shape of any);
 * a Shopify customer is `shopify|<customer id>`, the id a positive integer.
 */

/** A Shopify customer id: a positive integer of at most 20 digits, no leading zero. */
export const CUSTOMER_ID = /^[1-9]\d{0,19}$/;

export const isCustomerId = (value: string) => CUSTOMER_ID.test(value);

/** The owner of what a Shopify customer holds. */
export const shopifyOwner = (customerId: string) => `shopify|${customerId}`;

/** The Shopify customer id of an owner `shopify|<id>`, or null for any other owner. */
export function shopifyCustomerIdOf(owner: string | null | undefined): string | null {
  const id = owner?.startsWith("shopify|") ? owner.slice("shopify|".length) : "";
  return isCustomerId(id) ? id : null;
}
