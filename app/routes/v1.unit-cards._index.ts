import { v1Route } from "~/faces/api/v1-route.server";
import { createCardFor, listCards } from "~/domain/cards.server";
import { createCardInput, parseInput } from "~/domain/schemas";

export const loader = v1Route({
  GET: async ({ shop, livemode, url }) => {
    const { cards, nextCursor } = await listCards(shop, Object.fromEntries(url.searchParams), livemode);
    return { data: cards, extra: { nextCursor } };
  },
  POST: async ({ shop, livemode, body }) => ({ status: 201, data: await createCardFor(shop, parseInput(createCardInput, body), livemode) }),
});
export const action = loader;
