import { v1Route } from "~/api/v1-route.server";
import { registerName } from "~/domain/names.server";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await registerName(shop, body) }),
});
export const action = loader;
