import { v1Route } from "~/faces/api/v1-route.server";
import { listEndpointDeliveries } from "~/domain/webhook-deliveries.server";

export const loader = v1Route({
  GET: async ({ shop, params, url }) => {
    const { deliveries, nextCursor } = await listEndpointDeliveries(shop, params.id ?? "", Object.fromEntries(url.searchParams));
    return { data: deliveries, extra: { nextCursor } };
  },
});
export const action = loader;
