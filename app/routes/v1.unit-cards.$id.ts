import { v1Route } from "~/faces/api/v1-route.server";
import { getCard } from "~/domain/cards.server";

export const loader = v1Route({
  GET: async ({ shop, params }) => ({ data: await getCard(shop, params.id ?? "") }),
});
export const action = loader;
