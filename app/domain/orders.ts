/**
 * An order as the domain needs it to issue at purchase: read from Shopify's
 * Admin API when a webhook is worked (never trusted from the webhook body), so a
 * redelivered or late webhook sees the order as it is now.
 */
export interface OrderSnapshot {
  /** Numeric order id. */
  id: string;
  /** e.g. #1001 */
  name: string;
  email: string | null;
  phone: string | null;
  /** Numeric customer id; null for a guest checkout. */
  customerId: string | null;
  /** The language of the checkout or the customer (BCP 47), for a claim message; null when neither says. */
  locale: string | null;
  /** The customer's first name, for a claim message's greeting. */
  firstName: string | null;
  cancelled: boolean;
  lines: OrderLine[];
}

export interface OrderLine {
  /** Numeric line item id. */
  id: string;
  /** The quantity now, after removals and refunds. */
  quantity: number;
  /** GIDs; null when the product was deleted. */
  productId: string | null;
  variantId: string | null;
  /** The variant's barcode (ProductVariant.barcode) as Shopify has it; null or absent when none. */
  barcode?: string | null;
  /** GIDs of the collections the product is in. */
  collectionIds: string[];
  /** The unit price as sold, decimal text. */
  unitPrice: { amount: string; currencyCode: string } | null;
  /** The line's title (the product's at the time of the order). */
  title: string;
  product: {
    title: string;
    description: string;
    vendor: string;
    productType: string;
    tags: string[];
    url: string | null;
    images: string[];
  } | null;
}

/** When a rule's items are issued: at payment, or for the lines (and quantities) of one fulfilment. */
export type OrderMoment = { kind: "paid" } | { kind: "fulfillment"; fulfillmentId: string; lines: { id: string; quantity: number }[] };

/** The topics recorded for issuing at purchase (shopify.app.toml subscribes to them). */
export type OrderTopic = "orders/paid" | "fulfillments/create" | "orders/cancelled" | "refunds/create";

/** What a recorded webhook keeps besides the order id: a fulfilment's or refund's id and its lines. */
export interface OrderWebhookDetail {
  id?: string;
  lines?: { id: string; quantity: number }[];
  /** Set when a rule applied to past orders recorded it (no webhook came): only that rule issues. */
  backfill?: { id: string; ruleId: string };
}
