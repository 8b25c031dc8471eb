import { v1Route } from "~/faces/api/v1-route.server";
import { getCard } from "~/domain/cards.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, params }) => ({ data: await getCard(shop, params.id ?? "", livemode) }),
});
export const action = loader;
