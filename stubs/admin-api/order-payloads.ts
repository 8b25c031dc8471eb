// The bodies Shopify sends for the order topics the app subscribes to, for a
// stub order: the fields and JSON types of Shopify's sample payloads for API
// 2026-07 (test/support/shopify-examples/, checked by
// test/unit/admin-api-stub-webhooks.test.ts), in the REST shape webhooks keep:
// snake_case, ids as JSON integers (BigInt here, written exactly by the sender
// whatever their size), money as decimal strings with a shop/presentment set.
import type { LineQuantity, StubLine, StubOrder } from "./order-book";
import { financialStatusOf } from "./order-book";

const money = (amount: number, currency: string) =>
  currency === "JPY" ? amount.toFixed(0) : currency === "KWD" ? amount.toFixed(3) : amount.toFixed(2);
const moneySet = (amount: string, currency: string) => ({
  shop_money: { amount, currency_code: currency },
  presentment_money: { amount, currency_code: currency },
});
const id = (numeric: string) => BigInt(numeric);

/** A line as the order topics carry it. */
function orderLine(line: StubLine, currency: string) {
  const zero = money(0, currency);
  return {
    id: id(line.id),
    admin_graphql_api_id: `gid://shopify/LineItem/${line.id}`,
    attributed_staffs: [],
    current_quantity: line.currentQuantity,
    fulfillable_quantity: Math.max(0, line.currentQuantity - line.fulfilledQuantity),
    fulfillment_service: "manual",
    fulfillment_status: line.fulfilledQuantity >= line.quantity ? "fulfilled" : line.fulfilledQuantity > 0 ? "partial" : null,
    gift_card: false,
    grams: 0,
    name: line.product.title,
    price: line.unitPrice.amount,
    price_set: moneySet(line.unitPrice.amount, currency),
    product_exists: true,
    product_id: id(line.product.id),
    properties: [],
    quantity: line.quantity,
    requires_shipping: true,
    sales_line_item_group_id: null,
    sku: null,
    taxable: true,
    title: line.product.title,
    total_discount: zero,
    total_discount_set: moneySet(zero, currency),
    variant_id: id(line.product.variantId),
    variant_inventory_management: null,
    variant_title: null,
    vendor: line.product.vendor,
    tax_lines: [],
    duties: [],
    discount_allocations: [],
  };
}

/** A line as a fulfilment or a refund carries it (the fulfilment's own subset of fields). */
function fulfilledLine(line: StubLine, currency: string, quantity: number) {
  const {
    admin_graphql_api_id,
    attributed_staffs: _staff,
    current_quantity: _current,
    sales_line_item_group_id: _group,
    ...rest
  } = orderLine(line, currency);
  return { ...rest, quantity, admin_graphql_api_id };
}

function customerOf(order: StubOrder) {
  const customer = order.customer;
  if (!customer) return null;
  const [firstName, ...rest] = customer.name.split(" ");
  return {
    id: id(customer.id),
    created_at: customer.createdAt,
    updated_at: customer.createdAt,
    first_name: firstName,
    last_name: rest.join(" "),
    state: "enabled",
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    email: customer.email,
    phone: customer.phone,
    currency: customer.currency,
    tax_exemptions: [],
    admin_graphql_api_id: customer.gid,
    default_address: null,
  };
}

/** `orders/paid` and `orders/cancelled`: the whole order. */
export function orderPayload(order: StubOrder) {
  const currency = order.currency;
  const sum = (lines: StubLine[], units: (line: StubLine) => number) =>
    money(
      lines.reduce((total, line) => total + Number(line.unitPrice.amount) * units(line), 0),
      currency,
    );
  const ordered = sum(order.lines, (line) => line.quantity);
  const current = sum(order.lines, (line) => line.currentQuantity);
  const zero = money(0, currency);
  const number = order.number;
  return {
    id: id(order.id),
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: order.cancelledAt ? "customer" : null,
    cancelled_at: order.cancelledAt,
    cart_token: null,
    checkout_token: null,
    client_details: null,
    closed_at: null,
    confirmation_number: null,
    confirmed: true,
    contact_email: order.email,
    created_at: order.createdAt,
    currency,
    current_shipping_price_set: moneySet(zero, currency),
    current_subtotal_price: current,
    current_subtotal_price_set: moneySet(current, currency),
    current_total_additional_fees_set: null,
    current_total_discounts: zero,
    current_total_discounts_set: moneySet(zero, currency),
    current_total_duties_set: null,
    current_total_price: current,
    current_total_price_set: moneySet(current, currency),
    current_total_tax: zero,
    current_total_tax_set: moneySet(zero, currency),
    customer_locale: order.customerLocale,
    device_id: null,
    discount_codes: [],
    duties_included: false,
    email: order.email,
    estimated_taxes: false,
    financial_status: order.cancelledAt ? "voided" : financialStatusOf(order),
    fulfillment_status: null,
    landing_site: null,
    landing_site_ref: null,
    location_id: null,
    merchant_business_entity_id: null,
    merchant_of_record_app_id: null,
    name: order.name,
    note: null,
    note_attributes: [],
    number,
    order_number: number,
    order_status_url: `https://${order.shop}/orders/${order.id}/authenticate`,
    original_total_additional_fees_set: null,
    original_total_duties_set: null,
    payment_gateway_names: ["bogus"],
    phone: order.phone,
    po_number: null,
    presentment_currency: currency,
    processed_at: order.processedAt,
    reference: null,
    referring_site: null,
    source_identifier: null,
    source_name: "web",
    source_url: null,
    subtotal_price: ordered,
    subtotal_price_set: moneySet(ordered, currency),
    tags: "",
    tax_exempt: false,
    tax_lines: [],
    taxes_included: false,
    test: true,
    token: `stub${order.id}`,
    total_cash_rounding_payment_adjustment_set: moneySet(zero, currency),
    total_cash_rounding_refund_adjustment_set: moneySet(zero, currency),
    total_discounts: zero,
    total_discounts_set: moneySet(zero, currency),
    total_line_items_price: ordered,
    total_line_items_price_set: moneySet(ordered, currency),
    total_outstanding: zero,
    total_price: ordered,
    total_price_set: moneySet(ordered, currency),
    total_shipping_price_set: moneySet(zero, currency),
    total_tax: zero,
    total_tax_set: moneySet(zero, currency),
    total_tip_received: zero,
    total_weight: 0,
    updated_at: order.cancelledAt ?? order.processedAt,
    user_id: null,
    billing_address: null,
    customer: customerOf(order),
    discount_applications: [],
    fulfillments: [],
    line_items: order.lines.map((line) => orderLine(line, currency)),
    payment_terms: null,
    refunds: [],
    shipping_address: null,
    shipping_lines: [],
    returns: [],
    line_item_groups: [],
  };
}

const lineOf = (order: StubOrder, lineId: string) => order.lines.find((line) => line.id === lineId)!;

/** `fulfillments/create`: one fulfilment and the lines (and quantities) it ships. */
export function fulfillmentPayload(order: StubOrder, fulfillmentId: string, lines: LineQuantity[]) {
  const now = new Date().toISOString();
  return {
    id: id(fulfillmentId),
    order_id: id(order.id),
    status: "success",
    created_at: now,
    service: "manual",
    updated_at: now,
    tracking_company: null,
    shipment_status: null,
    location_id: null,
    origin_address: null,
    email: order.email,
    destination: null,
    line_items: lines.map(({ id: lineId, quantity }) => fulfilledLine(lineOf(order, lineId), order.currency, quantity)),
    tracking_number: null,
    tracking_numbers: [],
    tracking_url: null,
    tracking_urls: [],
    receipt: {},
    name: `${order.name}.1`,
    admin_graphql_api_id: `gid://shopify/Fulfillment/${fulfillmentId}`,
  };
}

/** `refunds/create`: one refund, the lines (and quantities) it takes back, and the money it returned. */
export function refundPayload(order: StubOrder, refundId: string, lines: LineQuantity[]) {
  const now = new Date().toISOString();
  const currency = order.currency;
  const zero = money(0, currency);
  const subtotalOf = ({ id: lineId, quantity }: LineQuantity) => money(Number(lineOf(order, lineId).unitPrice.amount) * quantity, currency);
  const total = money(
    lines.reduce((sum, line) => sum + Number(subtotalOf(line)), 0),
    currency,
  );
  return {
    id: id(refundId),
    order_id: id(order.id),
    created_at: now,
    note: null,
    user_id: null,
    processed_at: now,
    duties: [],
    total_duties_set: moneySet(zero, currency),
    return: null,
    refund_shipping_lines: [],
    restock: false,
    admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    order_adjustments: [],
    refund_line_items: lines.map((line, index) => ({
      id: id(refundId) * 10n + BigInt(index),
      quantity: line.quantity,
      line_item_id: id(line.id),
      location_id: null,
      restock_type: "no_restock",
      subtotal: Number(subtotalOf(line)),
      total_tax: 0,
      subtotal_set: moneySet(subtotalOf(line), currency),
      total_tax_set: moneySet(zero, currency),
      line_item: fulfilledLine(lineOf(order, line.id), currency, lineOf(order, line.id).quantity),
    })),
    transactions: [
      {
        id: id(refundId) * 10n,
        order_id: id(order.id),
        kind: "refund",
        gateway: "bogus",
        status: "success",
        message: null,
        created_at: now,
        test: true,
        authorization: null,
        location_id: null,
        user_id: null,
        parent_id: null,
        processed_at: now,
        device_id: null,
        error_code: null,
        source_name: "web",
        receipt: {},
        amount: total,
        currency,
        payment_id: `${order.name}.1`,
        total_unsettled_set: {
          presentment_money: { amount: "0.0", currency },
          shop_money: { amount: "0.0", currency },
        },
        manual_payment_gateway: false,
        amount_rounding: null,
        admin_graphql_api_id: `gid://shopify/OrderTransaction/${refundId}0`,
      },
    ],
  };
}
