import { notFound } from "~/domain/errors";
import type { CustomerHoldings } from "~/domain/customer-holdings.server";
import type { ProductSource } from "~/domain/item-products.server";
import { getCustomer, type CustomerDetail, type GraphqlClient, type OrderedProduct } from "~/adapters/shopify/admin-customers.server";
import { numericIdOf } from "./admin-ext-shapes.server";
import { textField } from "./admin-ext-route.server";

/** The customer an action request is about, read from Shopify (a 404 when the shop has no such customer). */
export async function requireCustomer(graphql: GraphqlClient, id: string | undefined): Promise<CustomerDetail> {
  const customer = await getCustomer(graphql, numericIdOf("Customer", id));
  if (!customer) throw notFound("Customer");
  return customer;
}

/** What the action modal starts from (GET /admin-ext/customers/:id/action): the contacts, names and ordered products. */
export function actionStart(customer: CustomerDetail, holdings: CustomerHoldings) {
  return {
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    names: holdings.names.map((name) => ({ uns_name: name.uns_name, uns_name_id: name.uns_name_id, public_key: name.public_key })),
    products: customer.orderedProducts
      .filter((product) => product.variantId !== null)
      .map((product) => ({
        variantId: product.variantId!,
        title: product.title,
        orderName: product.orderName,
        quantity: product.quantity,
      })),
  };
}

const splitList = (value: string | null) => (value ? [value] : []);

/**
 * The twin's fields as the app's customer page pre-fills them from the picked
 * product (IssueTwinCard), what the merchant typed in the modal over them.
 */
export function twinFields(body: Record<string, unknown>, product: OrderedProduct) {
  return {
    name_id: textField(body.name_id),
    public_key: textField(body.public_key),
    title: textField(body.title) ?? product.title,
    creator: textField(body.creator),
    description: product.description,
    quantity: body.quantity ?? product.quantity,
    price: product.price === null ? undefined : Number(product.price),
    currency: product.price === null ? undefined : (product.currency ?? undefined),
    brand: product.vendor,
    categories: [product.productType, ...product.tags].filter(Boolean),
    links: splitList(product.url),
    images: product.images,
  };
}

/** The variant a twin is issued for, as the app's page reads it: from Shopify, never from the request. */
export const productSourceOf = (product: OrderedProduct): ProductSource => ({
  productId: `gid://shopify/Product/${product.productId}`,
  variantId: product.variantId!,
  barcode: product.barcode,
  productUrl: product.url,
});
