import { orderBlock } from "~/domain/order-block.server";
import { voidOrderIssue } from "~/domain/order-issuing.server";
import { adminExtCommand, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { orderBlockAnswer, orderStateOf } from "~/faces/admin-ext/order-block.server";

// POST /admin-ext/orders/:id/lines/:lineId/void: voids the unclaimed cards of a cancelled order's or refunded line's issue; answers the block.
export const loader = adminExtRoute({
  POST: async (request) => {
    const { params, shop, graphql, t } = request;
    const { orderId, state } = await orderStateOf(graphql, params.id);
    return adminExtCommand(
      request,
      {},
      async () => {
        const voided = await voidOrderIssue(shop, orderId, params.lineId ?? "", state);
        return { voided, ...orderBlockAnswer(await orderBlock(shop, orderId, state), t) };
      },
      200,
    );
  },
});
export const action = loader;
