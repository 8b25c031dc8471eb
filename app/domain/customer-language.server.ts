import { ports } from "./ports";

/** A logged-in customer's language as Shopify keeps it (`Customer.locale`), or null when unknown (decision 0065). */
export const customerLocale = async (shop: string, customerId: string): Promise<string | null> =>
  (await ports().customers.about(shop, customerId))?.locale ?? null;
