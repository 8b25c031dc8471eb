import { v1Route } from "~/faces/api/v1-route.server";
import { listTwinsByQuery } from "~/domain/twins.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, url }) => {
    const { twins, nextCursor } = await listTwinsByQuery(shop, Object.fromEntries(url.searchParams), livemode);
    return { data: twins, extra: { nextCursor } };
  },
});
export const action = loader;
