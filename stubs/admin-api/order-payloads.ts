// The bodies Shopify sends for the order topics the app subscribes to, in the
// REST shape webhooks keep (snake_case, numeric ids), for a stub order.
import type { LineQuantity, StubLine, StubOrder } from "./order-book";

const money = (amount: number, currency: string) =>
  currency === "JPY" ? amount.toFixed(0) : currency === "KWD" ? amount.toFixed(3) : amount.toFixed(2);

function lineItem(line: StubLine) {
  return {
    id: Number(line.id),
    admin_graphql_api_id: `gid://shopify/LineItem/${line.id}`,
    product_id: Number(line.product.id),
    variant_id: Number(line.product.variantId),
    title: line.product.title,
    name: line.product.title,
    vendor: line.product.vendor,
    quantity: line.quantity,
    current_quantity: line.currentQuantity,
    fulfillable_quantity: Math.max(0, line.currentQuantity - line.fulfilledQuantity),
    price: line.unitPrice.amount,
    sku: null,
    gift_card: false,
    requires_shipping: true,
  };
}

function customerOf(order: StubOrder) {
  const customer = order.customer;
  if (!customer) return null;
  const [firstName, ...rest] = customer.name.split(" ");
  return {
    id: Number(customer.id),
    admin_graphql_api_id: customer.gid,
    email: customer.email,
    phone: customer.phone,
    first_name: firstName,
    last_name: rest.join(" "),
    currency: customer.currency,
  };
}

/** `orders/paid` and `orders/cancelled`: the whole order. */
export function orderPayload(order: StubOrder) {
  const total = order.lines.reduce((sum, line) => sum + Number(line.unitPrice.amount) * line.quantity, 0);
  return {
    id: Number(order.id),
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    order_number: order.number,
    email: order.email,
    contact_email: order.email,
    phone: order.phone,
    created_at: order.createdAt,
    processed_at: order.createdAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelledAt ? "customer" : null,
    currency: order.currency,
    presentment_currency: order.currency,
    financial_status: "paid",
    fulfillment_status: null,
    total_price: money(total, order.currency),
    subtotal_price: money(total, order.currency),
    customer: customerOf(order),
    line_items: order.lines.map(lineItem),
  };
}

/** `fulfillments/create`: one fulfilment and the lines (and quantities) it ships. */
export function fulfillmentPayload(order: StubOrder, fulfillmentId: string, lines: LineQuantity[]) {
  return {
    id: Number(fulfillmentId),
    admin_graphql_api_id: `gid://shopify/Fulfillment/${fulfillmentId}`,
    order_id: Number(order.id),
    status: "success",
    created_at: new Date().toISOString(),
    line_items: lines.map(({ id, quantity }) => ({ ...lineItem(order.lines.find((line) => line.id === id)!), quantity })),
  };
}

/** `refunds/create`: one refund and the lines (and quantities) it takes back. */
export function refundPayload(order: StubOrder, refundId: string, lines: LineQuantity[]) {
  return {
    id: Number(refundId),
    admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    order_id: Number(order.id),
    created_at: new Date().toISOString(),
    restock: false,
    refund_line_items: lines.map(({ id, quantity }, index) => ({
      id: Number(refundId) * 10 + index,
      line_item_id: Number(id),
      quantity,
      line_item: lineItem(order.lines.find((line) => line.id === id)!),
    })),
  };
}
