import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { db } from "~/db/client.server";
import { createRule } from "~/domain/issuing-rules.server";
import { issueFromOrder, recordOrderWebhook } from "~/domain/order-issuing.server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { stubOrderSource } from "./stub-order-source";

// Orders for the order page block's tests: placed in the Admin API stub silently (no webhook),
// then issued by the domain as the order worker issues them, so a test decides what the
// automation did and what Shopify says of the order now.

const stubUrl = inject("adminApiStubUrl");
export const mug = DEMO_PRODUCTS[0]!; // barcode 9506000141008: a GTIN-13

/** A stub control call (place, cancel, refund an order), its order. */
export async function stub(path: string, body: unknown) {
  const response = await fetch(`${stubUrl}/_stub/${path}`, { method: "POST", body: JSON.stringify(body) });
  const answer = (await response.json()) as { order: { id: string; lines: { id: string }[] } };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.order;
}

/** A paid guest order of `quantity` mugs, and a rule issuing a claim card per unit (edition `editionSize`): issued as the worker issues. */
export async function issuedOrder(
  shop: string,
  options: { quantity?: number; editionSize?: number | null; customerId?: string | null } = {},
) {
  const rule = await createRule(shop, {
    targetType: "PRODUCT",
    targetId: `gid://shopify/Product/${mug.id}`,
    targetTitle: mug.title,
    trigger: "PAID",
    issueTwin: options.customerId != null,
    card: { name: "Certificate of authenticity", media: { imageUrls: [], videoUrls: [] } },
    cardPerUnit: true,
    editionSize: options.editionSize ?? 100,
  });
  const order = await stub("orders", {
    shop,
    customerId: options.customerId ?? null,
    email: "guest@example.com",
    lines: [{ productId: mug.id, quantity: options.quantity ?? 2 }],
    silent: true,
  });
  await recordOrderWebhook(shop, { webhookId: `wh-${randomUUID()}`, topic: "orders/paid", orderId: order.id, detail: {} });
  const snapshot = await (await stubOrderSource(stubUrl))(shop, order.id);
  if (snapshot === null || snapshot === "not-installed") throw new Error(`The stub has no order ${order.id}`);
  await issueFromOrder(shop, snapshot, { kind: "paid" });
  // The worker records how the webhook ended.
  await db.orderWebhook.updateMany({ where: { shop, orderId: order.id }, data: { status: "DONE" } });
  return { rule, orderId: order.id, lineId: order.lines[0]!.id };
}
