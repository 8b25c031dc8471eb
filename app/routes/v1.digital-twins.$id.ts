import { v1Route } from "~/faces/api/v1-route.server";
import { getTwin } from "~/domain/twins.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, params }) => ({ data: await getTwin(shop, params.id ?? "", livemode) }),
});
export const action = loader;
