import { randomInt, randomUUID } from "node:crypto";
import { createRule } from "~/domain/issuing-rules.server";
import { issueFromOrder } from "~/domain/order-issuing.server";
import type { OrderSnapshot } from "~/domain/orders";

const numericId = () => String(randomInt(1, 2 ** 47));

export interface IssuedOrder {
  orderId: string;
  orderName: string;
  productTitle: string;
  /** The PRIVATE metadata entry of the rule's card: it must never reach a customer. */
  secret: { key: string; value: string };
}

/**
 * A paid order of `customerId` (null: a guest) for a product with a rule issuing a
 * digital twin and a unit card (one PUBLIC and one PRIVATE metadata entry), issued by
 * the domain as the order worker issues it: to the customer's universal name when
 * they have one, else by redemption to the order's e-mail.
 */
export async function issuedOrder(
  shop: string,
  customerId: string | null,
  options: { images?: string[]; productTitle?: string; locale?: string; firstName?: string } = {},
): Promise<IssuedOrder> {
  const productId = `gid://shopify/Product/${numericId()}`;
  const productTitle = options.productTitle ?? `Aurora Ceramic Mug ${randomUUID().slice(0, 4)}`;
  const images = options.images ?? ["https://cdn.example.com/mug.png"];
  const secret = { key: `margin-${randomUUID().slice(0, 8)}`, value: `secret-${randomUUID().slice(0, 8)}` };
  await createRule(shop, {
    targetType: "PRODUCT",
    targetId: productId,
    targetTitle: productTitle,
    trigger: "PAID",
    issueTwin: true,
    card: {
      name: "Certificate of authenticity",
      media: { imageUrls: images.slice(0, 1), videoUrls: [] },
      metadata: [
        { key: "edition", value: "First" },
        { key: secret.key, value: secret.value, visibility: "PRIVATE" },
      ],
    },
    cardPerUnit: false,
  });
  const order: OrderSnapshot = {
    id: numericId(),
    name: `#${randomInt(1000, 99999)}`,
    email: "alex.morgan@example.com",
    phone: null,
    customerId,
    locale: options.locale ?? null,
    firstName: options.firstName ?? null,
    cancelled: false,
    lines: [
      {
        id: numericId(),
        quantity: 2,
        productId,
        variantId: null,
        collectionIds: [],
        unitPrice: { amount: "24.90", currencyCode: "EUR" },
        title: productTitle,
        product: {
          title: productTitle,
          description: "A hand-thrown stoneware mug with a northern-lights glaze.",
          vendor: "Nordlys Studio",
          productType: "Mugs",
          tags: [],
          url: "https://harbor-and-pine.example/products/aurora-ceramic-mug",
          images,
        },
      },
    ],
  };
  const result = await issueFromOrder(shop, order, { kind: "paid" });
  if (result.status !== "DONE") throw new Error(`The order issued nothing: ${JSON.stringify(result)}`);
  return { orderId: order.id, orderName: order.name, productTitle, secret };
}
