import { v1Route } from "~/faces/api/v1-route.server";
import { getEvent } from "~/domain/events.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, params }) => ({ data: await getEvent(shop, params.id ?? "", livemode) }),
});
export const action = loader;
