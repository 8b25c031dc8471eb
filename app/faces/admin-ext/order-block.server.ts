import { notFound } from "~/domain/errors";
import type { OrderBlock } from "~/domain/order-block.server";
import type { OrderStateNow } from "~/domain/order-issuing.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import type { Translator } from "~/faces/admin/i18n/i18n.server";
import { fetchOrder } from "~/adapters/shopify/admin-orders.server";
import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { appLink, numericIdOf } from "./admin-ext-shapes.server";

/** The order as Shopify has it now (a 404 when the shop has no such order, e.g. another shop's id): what Void may void. */
export async function orderStateOf(graphql: GraphqlClient, id: string | undefined): Promise<{ orderId: string; state: OrderStateNow }> {
  const orderId = numericIdOf("Order", id);
  const order = await fetchOrder(graphql, orderId);
  if (!order) throw notFound("Order");
  return {
    orderId,
    state: { cancelled: order.cancelled, lineQuantities: Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])) },
  };
}

/** The order block's answer: each item with a link into the app, each reason in the merchant's language. */
export function orderBlockAnswer(block: OrderBlock, t: Translator) {
  return {
    ...block,
    lines: block.lines.map((line) => ({
      ...line,
      reason: line.reason === null ? null : translateDomainMessage(t, line.reason),
      items: line.items.map((item) => ({ ...item, url: appLink(`app/${item.kind === "TWIN" ? "twins" : "cards"}/${item.id}`) })),
    })),
  };
}
