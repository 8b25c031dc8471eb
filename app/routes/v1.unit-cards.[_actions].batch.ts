import { v1Route } from "~/faces/api/v1-route.server";
import { createCardsFor } from "~/domain/cards.server";
import { createBatchInput, parseInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await createCardsFor(shop, parseInput(createBatchInput, body)) }),
});
export const action = loader;
