// The stub's data as objects of Shopify's Admin schema, for graphql-js to execute
// documents over (stubs/shopify-graphql/endpoint.ts): plain fields, and fields with
// arguments (connections, inCollection, url) as functions of those arguments. What
// a document may select is the schema's business; which fields exist here is only
// what the app (or the Shopify library) may read.
import { connection, connectionField, type ConnectionArgs } from "../shopify-graphql/connection";
import { collectionsOf, DEMO_COLLECTIONS, type CurrencyCode, type ShopCustomer, type ShopProduct } from "./demo-data";
import { financialStatusOf, type StubOrder } from "./order-book";

type Money = { amount: string; currencyCode: CurrencyCode };

const image = (url: string, altText: string | null = null) => ({
  __typename: "Image",
  id: `${url}#image`,
  url: () => url,
  altText,
  width: 400,
  height: 400,
});

export function collectionObject(gid: string) {
  const collection = DEMO_COLLECTIONS.find((candidate) => candidate.gid === gid);
  if (!collection) return null;
  return {
    __typename: "Collection",
    id: gid,
    title: collection.title,
    handle: collection.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    image: null,
  };
}

export function productObject(product: ShopProduct): Record<string, unknown> {
  const collections = collectionsOf(product);
  return {
    __typename: "Product",
    id: product.gid,
    title: product.title,
    handle: product.handle,
    description: product.description,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    onlineStoreUrl: product.onlineStoreUrl,
    featuredImage: product.images[0] ? image(product.images[0], product.title) : null,
    images: connectionField(() => product.images.map((url) => image(url, product.title))),
    collections: connectionField(() => collections.map((gid) => collectionObject(gid)!)),
    inCollection: ({ id }: { id: string }) => collections.includes(id),
    // The demo products have one variant each.
    variantsCount: { count: 1, precision: "EXACT" },
    variants: connectionField((): object[] => [variantObject(product)]),
  };
}

export const variantObject = (product: ShopProduct) => ({
  __typename: "ProductVariant",
  id: product.variantGid,
  title: "Default Title",
  displayName: `${product.title} - Default Title`,
  barcode: product.barcode ?? null,
  image: null,
  product: productObject(product),
});

const moneyBag = (money: Money) => ({ shopMoney: money, presentmentMoney: money });

interface LineInput {
  id: string;
  product: ShopProduct;
  quantity: number;
  currentQuantity: number;
  unitPrice: Money;
}

const lineObject = (line: LineInput) => ({
  __typename: "LineItem",
  id: `gid://shopify/LineItem/${line.id}`,
  title: line.product.title,
  name: line.product.title,
  quantity: line.quantity,
  currentQuantity: line.currentQuantity,
  variant: variantObject(line.product),
  originalUnitPriceSet: moneyBag(line.unitPrice),
  product: productObject(line.product),
});

const DISPLAY_STATUS = { paid: "PAID", partially_refunded: "PARTIALLY_REFUNDED", refunded: "REFUNDED" } as const;

/** An order placed through the stub's order book. */
export function orderObject(order: StubOrder, productOf: (id: string) => ShopProduct) {
  const lines = order.lines.map((line) => lineObject({ ...line, product: productOf(line.product.id) }));
  return {
    __typename: "Order",
    id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    email: order.email,
    phone: order.phone,
    customerLocale: order.customerLocale,
    createdAt: order.createdAt,
    processedAt: order.processedAt,
    cancelledAt: order.cancelledAt,
    displayFinancialStatus: DISPLAY_STATUS[financialStatusOf(order)],
    customer: order.customer && {
      __typename: "Customer",
      id: order.customer.gid,
      firstName: order.customer.firstName,
      locale: order.customer.locale,
    },
    lineItems: connectionField(() => lines),
  };
}

/** One of a customer's orders from the seeded history (no id of its own in the demo data: one made from its name). */
function historyOrderObject(customer: ShopCustomer, order: ShopCustomer["orders"][number]) {
  const number = order.name.replace("#", "");
  const lines = order.lineItems.map((item, index) =>
    lineObject({
      id: `${number}${String(index + 1).padStart(3, "0")}`,
      product: item.product,
      quantity: item.quantity,
      currentQuantity: item.quantity,
      unitPrice: item.unitPrice,
    }),
  );
  return {
    __typename: "Order",
    id: `gid://shopify/Order/${customer.id}${number}`,
    name: order.name,
    createdAt: order.createdAt,
    processedAt: order.createdAt,
    cancelledAt: null,
    displayFinancialStatus: "PAID",
    lineItems: connectionField(() => lines),
  };
}

export function customerObject(customer: ShopCustomer, placed: StubOrder[], productOf: (id: string) => ShopProduct) {
  const orders = () => [
    ...placed.map((order) => orderObject(order, productOf)),
    ...customer.orders.map((order) => historyOrderObject(customer, order)),
  ];
  return {
    __typename: "Customer",
    id: customer.gid,
    displayName: customer.name,
    firstName: customer.firstName,
    email: customer.email,
    defaultEmailAddress: customer.email ? { __typename: "CustomerEmailAddress", emailAddress: customer.email } : null,
    verifiedEmail: customer.verifiedEmail ?? true,
    phone: customer.phone,
    locale: customer.locale,
    createdAt: customer.createdAt,
    numberOfOrders: String(placed.length + customer.orders.length),
    orders: (args: ConnectionArgs & { reverse?: boolean }) => connection(orders(), args),
  };
}
