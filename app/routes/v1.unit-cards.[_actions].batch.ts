import { v1Route } from "~/api/v1-route.server";
import { createCardBatch } from "~/domain/cards.server";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await createCardBatch(shop, body) }),
});
export const action = loader;
