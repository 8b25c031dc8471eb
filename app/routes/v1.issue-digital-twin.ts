import { v1Route } from "~/api/v1-route.server";
import { issueTwin } from "~/domain/twins.server";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await issueTwin(shop, body) }),
});
export const action = loader;
