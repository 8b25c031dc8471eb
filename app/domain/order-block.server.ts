import { conflict, notFound } from "./errors";
import { issuesForOrder, type OrderIssueView } from "./issuing-rules.server";
import { retryOrderIssue, voidableCards, type OrderStateNow } from "./order-issuing.server";
import type { CardStatus, Serial } from "./schemas";
import { stores } from "./stores";

/*
 * What the issue-at-purchase rules did for one order, as the order page's block in
 * Shopify admin shows it to the merchant: line by line, each twin and card with its
 * serial and where it stands, why a line failed, and what Retry and Void would do.
 */

/** A twin or card an order line issued. */
export interface OrderBlockItem {
  kind: "TWIN" | "CARD";
  id: string;
  name: string;
  serial: Serial | null;
  /** A twin is ISSUED (to the customer's universal name); a card has its own status. */
  status: CardStatus | "ISSUED";
  /** The customer has it: a card claimed (or issued straight to their universal name), a twin always. */
  claimed: boolean;
}

export interface OrderBlockLine {
  id: string;
  ruleId: string;
  ruleTitle: string;
  lineItemId: string;
  productTitle: string;
  quantity: number;
  status: OrderIssueView["status"];
  /** Why it failed or was voided, as the domain words it (the face translates it). */
  reason: string | null;
  /** Where the claim message went, masked. */
  recipient: string | null;
  items: OrderBlockItem[];
  /** Retry works the order again for this line (a FAILED one only). */
  canRetry: boolean;
  /** How many unclaimed cards Void would void now (the order cancelled, or the line refunded); 0: no Void. */
  voidable: number;
}

export interface OrderBlock {
  orderId: string;
  orderName: string | null;
  lines: OrderBlockLine[];
}

/** What `orderId` issued in the shop, with what Void may do given the order's state in Shopify (null: unknown, no Void). */
export async function orderBlock(shop: string, orderId: string, state: OrderStateNow | null): Promise<OrderBlock> {
  const issues = await issuesForOrder(shop, orderId);
  const [records, twins, cards] = await Promise.all([
    state ? stores().orders.issuesForOrder(shop, orderId) : [],
    idsOf(issues, "twin").length ? stores().names.twinViewsByIds(shop, idsOf(issues, "twin")) : [],
    idsOf(issues, "card").length ? stores().cards.viewsInShop(shop, idsOf(issues, "card")) : [],
  ]);
  const voidable = new Map<string, number>();
  for (const record of records) if (state) voidable.set(record.id, (await voidableCards(record, state)).cardIds.length);
  const twinById = new Map(twins.map((row) => [row.id, row]));
  const cardById = new Map(cards.map((row) => [row.id, row]));
  return {
    orderId,
    orderName: issues[0]?.orderName ?? null,
    lines: issues.map((issue) => {
      const twin = issue.twinId ? twinById.get(issue.twinId) : undefined;
      const items: OrderBlockItem[] = [
        ...(twin
          ? [
              {
                kind: "TWIN" as const,
                id: twin.id,
                name: twin.title,
                serial: issue.serials[twin.id] ?? null,
                status: "ISSUED" as const,
                claimed: true,
              },
            ]
          : []),
        ...issue.cardIds.flatMap((id) => {
          const card = cardById.get(id);
          if (!card) return [];
          const status = card.status as CardStatus;
          return [{ kind: "CARD" as const, id, name: card.name, serial: issue.serials[id] ?? null, status, claimed: status === "OWNED" }];
        }),
      ];
      return {
        id: issue.id,
        ruleId: issue.ruleId,
        ruleTitle: issue.ruleTitle,
        lineItemId: issue.lineItemId,
        productTitle: issue.productTitle,
        quantity: issue.quantity,
        status: issue.status,
        reason: issue.reason,
        recipient: issue.recipient,
        items,
        canRetry: issue.status === "FAILED",
        voidable: voidable.get(issue.id) ?? 0,
      };
    }),
  };
}

const idsOf = (issues: OrderIssueView[], kind: "twin" | "card") =>
  issues.flatMap((issue) => (kind === "twin" ? (issue.twinId ? [issue.twinId] : []) : issue.cardIds));

/** Retry of one failed line of the order (the automation page's Retry): anything but a FAILED line is refused, nothing written. */
export async function retryOrderLine(shop: string, orderId: string, issueId: string): Promise<void> {
  const issue = (await issuesForOrder(shop, orderId)).find((row) => row.id === issueId);
  if (!issue) throw notFound("Order issue");
  if (issue.status !== "FAILED") throw conflict(ONLY_FAILED);
  await retryOrderIssue(shop, issueId);
}

export const ONLY_FAILED = "Only a line that failed can be retried";
