import { orderBlock } from "~/domain/order-block.server";
import { adminExtData, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { orderBlockAnswer, orderStateOf } from "~/faces/admin-ext/order-block.server";

// GET /admin-ext/orders/:id: the order page block (what the rules issued for each line, with Retry and Void).
export const loader = adminExtRoute({
  GET: async ({ params, shop, graphql, t }) => {
    const { orderId, state } = await orderStateOf(graphql, params.id);
    return adminExtData(orderBlockAnswer(await orderBlock(shop, orderId, state), t));
  },
});
export const action = loader;
