import { v1Route } from "~/faces/api/v1-route.server";
import { listEndpointDeliveries } from "~/domain/webhook-deliveries.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, params, url }) => {
    const { deliveries, nextCursor } = await listEndpointDeliveries(shop, params.id ?? "", Object.fromEntries(url.searchParams), livemode);
    return { data: deliveries, extra: { nextCursor } };
  },
});
export const action = loader;
