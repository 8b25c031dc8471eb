import { toUnitCard } from "./card-view";
import { issuesForOrder, type OrderIssueView } from "./issuing-rules.server";
import { toStorefrontCard, toStorefrontTwin, type StorefrontCard, type StorefrontTwin } from "./storefront.server";
import { stores } from "./stores";
import { toDigitalTwin } from "./twins.server";

/*
 * What an order issued, as its customer sees it on the order's status page in
 * their Shopify customer account: per issue, the product, where it stands, and
 * the twin and cards in the storefront's public shapes (no PRIVATE metadata, no
 * owner, wallet, recipient or code; nothing about the rule or why one failed).
 * Only the customer's own order: issuesForOrder filters by the order's customer.
 */

/** A failed issue, or one waiting for the shop's plan (decision 0050), gave the customer nothing yet; why is the merchant's business. */
export type CustomerOrderItemStatus = Exclude<OrderIssueView["status"], "FAILED" | "PLAN_LIMIT">;

export interface CustomerOrderItem {
  id: string;
  productTitle: string;
  quantity: number;
  /** ISSUED: in the customer's collection; WAITING: a claim code was sent; CLAIMED: its code was redeemed; VOIDED: the shop voided it. */
  status: CustomerOrderItemStatus;
  twin: StorefrontTwin | null;
  cards: StorefrontCard[];
}

export interface CustomerOrderIssues {
  items: CustomerOrderItem[];
}

/** What `orderId` issued to the Shopify customer `customerId`; empty for an order that issued nothing or is not theirs. */
export async function customerOrderIssues(shop: string, orderId: string, customerId: string): Promise<CustomerOrderIssues> {
  const issues = (await issuesForOrder(shop, orderId, customerId)).filter(
    (issue): issue is OrderIssueView & { status: CustomerOrderItemStatus } => issue.status !== "FAILED" && issue.status !== "PLAN_LIMIT",
  );
  if (!issues.length) return { items: [] };
  const twinIds = issues.flatMap((issue) => (issue.twinId ? [issue.twinId] : []));
  const cardIds = issues.flatMap((issue) => issue.cardIds);
  const [twins, cards] = await Promise.all([
    twinIds.length ? stores().names.twinViewsByIds(shop, twinIds) : [],
    cardIds.length ? stores().cards.viewsInShop(shop, cardIds) : [],
  ]);
  const twinById = new Map(twins.map((row) => [row.id, toStorefrontTwin(toDigitalTwin(row))]));
  const cardById = new Map(cards.map((row) => [row.id, toStorefrontCard(toUnitCard(row))]));
  return {
    items: issues.map((issue) => ({
      id: issue.id,
      productTitle: issue.productTitle,
      quantity: issue.quantity,
      status: issue.status,
      twin: (issue.twinId && twinById.get(issue.twinId)) || null,
      cards: issue.cardIds.flatMap((id) => cardById.get(id) ?? []),
    })),
  };
}
