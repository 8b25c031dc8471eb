import { orderBlock, retryOrderLine } from "~/domain/order-block.server";
import { adminExtCommand, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { orderBlockAnswer, orderStateOf } from "~/faces/admin-ext/order-block.server";

// POST /admin-ext/orders/:id/lines/:lineId/retry: works a failed line again (the automation page's Retry); answers the block.
export const loader = adminExtRoute({
  POST: async (request) => {
    const { params, shop, graphql, t } = request;
    const { orderId, state } = await orderStateOf(graphql, params.id);
    return adminExtCommand(
      request,
      {},
      async () => {
        await retryOrderLine(shop, orderId, params.lineId ?? "");
        return orderBlockAnswer(await orderBlock(shop, orderId, state), t);
      },
      200,
    );
  },
});
export const action = loader;
