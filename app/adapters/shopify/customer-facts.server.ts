import type { CustomerFacts, CustomerPorts } from "~/domain/ports";
import { run } from "./admin-graphql.server";
import { DEFAULT_THROTTLE_RETRY } from "./admin-throttle.server";
import { shopifyOfflineAdmin, type OfflineAdmin } from "./offline-admin.server";

/*
 * What the app's words need of a customer, from Shopify with the shop's offline token:
 * `Customer.locale`, `firstName`, its e-mail and whether Shopify says it is verified. A logged-in storefront customer's language is second
 * in the shopper's language order, and a gift is written in its recipient's language when
 * they are a known customer (docs/decisions/0065-the-shoppers-language.md). Kept 10 minutes
 * per customer in this process, so a shopper's pages cost Shopify one read in that time.
 * Anything but an answer (no token, Shopify away, throttled) is "unknown": the caller goes
 * on to its next signal, it never fails or waits for it.
 */

export const CUSTOMER_FACTS_QUERY = `#graphql
query TwinCardsCustomerFacts($id: ID!) {
  customer(id: $id) { locale firstName email verifiedEmail defaultEmailAddress { emailAddress } }
}`;

export const CUSTOMER_BY_CONTACT_QUERY = `#graphql
query TwinCardsCustomerByContact($query: String!) {
  customers(first: 5, query: $query) { nodes { locale firstName email phone } }
}`;

const KEEP_MS = 10 * 60_000;
const MAX_KEPT = 10_000;

/** No retry on a throttled answer: a page or a gift waits for nobody. */
const NO_RETRY = { ...DEFAULT_THROTTLE_RETRY, attempts: 1, budgetMs: 0 };

interface CustomerNode {
  locale?: string | null;
  firstName?: string | null;
  email?: string | null;
  verifiedEmail?: boolean | null;
  defaultEmailAddress?: { emailAddress: string } | null;
}

const facts = (node: CustomerNode): CustomerFacts => {
  const address = node.defaultEmailAddress?.emailAddress || node.email || null;
  return {
    locale: node.locale || null,
    firstName: node.firstName || null,
    email: address,
    // Shopify's word that the customer proved the address (its log-in's e-mail check), asked for by
    // `about` only: `defaultEmailAddress`'s marketing state says nothing of it (decision 0070).
    verifiedEmail: node.verifiedEmail === true ? address : null,
  };
};

/** Shopify's search syntax quotes a value with a double quote; one inside it is escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

export function customerFactsReader(admin: OfflineAdmin = shopifyOfflineAdmin, now = () => Date.now()): CustomerPorts {
  const kept = new Map<string, { facts: CustomerFacts | null; until: number }>();

  async function ask<T>(shop: string, query: string, variables: Record<string, unknown>): Promise<T | null> {
    try {
      const graphql = await admin(shop);
      if (graphql === "not-installed") return null;
      return await run<T>(graphql, query, variables, NO_RETRY);
    } catch (error) {
      console.warn(`A customer could not be read from Shopify for ${shop}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async function read(shop: string, customerId: string, key: string): Promise<CustomerFacts | null> {
    const data = await ask<{ customer: CustomerNode | null }>(shop, CUSTOMER_FACTS_QUERY, {
      id: `gid://shopify/Customer/${customerId}`,
    });
    if (data === null) return null;
    const found = data.customer ? facts(data.customer) : null;
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { facts: found, until: now() + KEEP_MS });
    return found;
  }

  // One page asks about its customer from several places at once (the customer account's first name
  // and verified e-mail): they share the one read under way instead of each asking Shopify.
  const reading = new Map<string, Promise<CustomerFacts | null>>();

  return {
    async about(shop, customerId) {
      const key = `${shop}|${customerId}`;
      const known = kept.get(key);
      if (known && known.until > now()) return known.facts;
      const underWay = reading.get(key);
      if (underWay) return underWay;
      const started = read(shop, customerId, key).finally(() => reading.delete(key));
      reading.set(key, started);
      return started;
    },
    async byContact(shop, { email, phone }) {
      const query = email ? `email:${quoted(email)}` : phone ? `phone:${quoted(phone)}` : null;
      if (query === null) return null;
      const data = await ask<{
        customers: { nodes: { locale: string | null; firstName: string | null; email: string | null; phone: string | null }[] };
      }>(shop, CUSTOMER_BY_CONTACT_QUERY, { query });
      // Shopify's search matches loosely: only the customer with exactly this address is this person.
      const match = data?.customers.nodes.find((node) =>
        email ? node.email?.toLowerCase() === email.toLowerCase() : node.phone !== null && node.phone === phone,
      );
      return match ? facts(match) : null;
    },
  };
}
