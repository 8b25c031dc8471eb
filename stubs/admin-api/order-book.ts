// The orders placed through the stub's control endpoints (stubs/admin-api/control.ts),
// in memory, per shop: what the stub answers `TwinCardsOrder` from and what its
// webhooks describe. Ids are unique across shops, names count on per shop after
// the seeded history (demo-data.ts).
import { DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_PRODUCTS, type CurrencyCode, type DemoCustomer, type DemoProduct } from "./demo-data";

export interface StubLine {
  id: string;
  product: DemoProduct;
  /** As ordered. */
  quantity: number;
  /** After refunds. */
  currentQuantity: number;
  fulfilledQuantity: number;
  unitPrice: { amount: string; currencyCode: CurrencyCode };
}

export interface StubOrder {
  id: string;
  shop: string;
  name: string;
  number: number;
  email: string | null;
  phone: string | null;
  customerLocale: string | null;
  customer: DemoCustomer | null;
  currency: CurrencyCode;
  createdAt: string;
  /** When it was paid (Shopify's processedAt): now, or back-dated for a past order. */
  processedAt: string;
  cancelledAt: string | null;
  lines: StubLine[];
}

/** Shopify's financial status as the orders search knows it: every unit refunded, some, or none. */
export function financialStatusOf(order: StubOrder): "paid" | "partially_refunded" | "refunded" {
  if (order.lines.every((line) => line.currentQuantity === 0)) return "refunded";
  return order.lines.some((line) => line.currentQuantity < line.quantity) ? "partially_refunded" : "paid";
}

export interface LineQuantity {
  id: string;
  quantity: number;
}

/** A request the order book refuses: the control endpoint answers `status` naming `field`. */
export class OrderBookError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The shop's own currency, for guests (the demo shop is in Paris). */
const SHOP_CURRENCY: CurrencyCode = "EUR";
const SEEDED_ORDERS = [...DEMO_ORDERS.values()].reduce((sum, orders) => sum + orders.length, 0);

export interface PlaceOrder {
  shop: string;
  customerId: string | null;
  email?: string | null;
  phone?: string | null;
  /** The checkout's language (Order.customerLocale); the customer's own when not given. */
  locale?: string | null;
  lines: { productId: string; variantId?: string; quantity: number }[];
  /** A past order's payment time (ISO); now when not given. */
  processedAt?: string;
}

export function createOrderBook() {
  const orders = new Map<string, StubOrder>();
  const placedPerShop = new Map<string, number>();
  let nextOrderId = 6_120_458_000_001;
  let nextLineId = 15_230_912_000_001;
  let nextFulfillmentId = 5_401_220_000_001;
  let nextRefundId = 9_870_330_000_001;

  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

  function place(input: PlaceOrder): StubOrder {
    const customer = input.customerId === null ? null : DEMO_CUSTOMERS.find((candidate) => candidate.id === input.customerId);
    if (customer === undefined) throw new OrderBookError(400, "customerId", `The shop has no customer ${input.customerId}`);
    const currency = customer?.currency ?? SHOP_CURRENCY;
    const lines = input.lines.map((line, index): StubLine => {
      const product = DEMO_PRODUCTS.find((candidate) => candidate.id === line.productId);
      if (!product) throw new OrderBookError(400, `lines.${index}.productId`, `The shop has no product ${line.productId}`);
      if (line.variantId !== undefined && line.variantId !== product.variantId) {
        throw new OrderBookError(400, `lines.${index}.variantId`, `${product.title} has no variant ${line.variantId}`);
      }
      return {
        id: String(nextLineId++),
        product,
        quantity: line.quantity,
        currentQuantity: line.quantity,
        fulfilledQuantity: 0,
        unitPrice: { amount: product.prices[currency], currencyCode: currency },
      };
    });
    const placed = (placedPerShop.get(input.shop) ?? 0) + 1;
    placedPerShop.set(input.shop, placed);
    const number = 1000 + SEEDED_ORDERS + placed;
    const order: StubOrder = {
      id: String(nextOrderId++),
      shop: input.shop,
      name: `#${number}`,
      number,
      email: input.email !== undefined ? input.email : (customer?.email ?? null),
      phone: input.phone !== undefined ? input.phone : (customer?.phone ?? null),
      customerLocale: input.locale !== undefined ? input.locale : (customer?.locale ?? null),
      customer,
      currency,
      createdAt: input.processedAt ?? now(),
      processedAt: input.processedAt ?? now(),
      cancelledAt: null,
      lines,
    };
    orders.set(order.id, order);
    return order;
  }

  function find(id: string): StubOrder {
    const order = orders.get(id);
    if (!order) throw new OrderBookError(404, null, `No order ${id}`);
    return order;
  }

  function lineOf(order: StubOrder, id: string, field: string): StubLine {
    const line = order.lines.find((candidate) => candidate.id === id);
    if (!line) throw new OrderBookError(400, field, `Order ${order.name} has no line ${id}`);
    return line;
  }

  function refuseIfCancelled(order: StubOrder) {
    if (order.cancelledAt) throw new OrderBookError(409, null, `Order ${order.name} is cancelled`);
  }

  /** Fulfils the given quantities, or everything not yet fulfilled. */
  function fulfil(id: string, requested: LineQuantity[] | undefined): { order: StubOrder; fulfillmentId: string; lines: LineQuantity[] } {
    const order = find(id);
    refuseIfCancelled(order);
    const remaining = (line: StubLine) => Math.max(0, line.currentQuantity - line.fulfilledQuantity);
    const lines =
      requested ?? order.lines.filter((line) => remaining(line) > 0).map((line) => ({ id: line.id, quantity: remaining(line) }));
    if (lines.length === 0) throw new OrderBookError(409, "lines", `Order ${order.name} has nothing left to fulfil`);
    const targets = lines.map(({ id: lineId, quantity }, index) => {
      const line = lineOf(order, lineId, `lines.${index}.id`);
      if (quantity > remaining(line))
        throw new OrderBookError(400, `lines.${index}.quantity`, `Only ${remaining(line)} left to fulfil on line ${lineId}`);
      return { line, quantity };
    });
    for (const { line, quantity } of targets) line.fulfilledQuantity += quantity;
    return { order, fulfillmentId: String(nextFulfillmentId++), lines };
  }

  function cancel(id: string): StubOrder {
    const order = find(id);
    refuseIfCancelled(order);
    order.cancelledAt = now();
    return order;
  }

  function refund(id: string, lines: LineQuantity[]): { order: StubOrder; refundId: string; lines: LineQuantity[] } {
    const order = find(id);
    const targets = lines.map(({ id: lineId, quantity }, index) => {
      const line = lineOf(order, lineId, `lines.${index}.id`);
      if (quantity > line.currentQuantity)
        throw new OrderBookError(400, `lines.${index}.quantity`, `Only ${line.currentQuantity} left to refund on line ${lineId}`);
      return { line, quantity };
    });
    for (const { line, quantity } of targets) line.currentQuantity -= quantity;
    return { order, refundId: String(nextRefundId++), lines };
  }

  return {
    place,
    fulfil,
    cancel,
    refund,
    find,
    /** The shop's order with this id; undefined for an unknown one or another shop's. */
    get: (shop: string | undefined, id: string) => {
      const order = orders.get(id);
      return order?.shop === shop ? order : undefined;
    },
    /** Every order of the shop, oldest first. */
    ofShop: (shop: string | undefined) => [...orders.values()].filter((order) => order.shop === shop),
    /** The customer's orders placed in this shop, newest first. */
    ofCustomer: (shop: string | undefined, customerId: string) =>
      [...orders.values()].filter((order) => order.shop === shop && order.customer?.id === customerId).reverse(),
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
