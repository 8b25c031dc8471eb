import { v1Route } from "~/faces/api/v1-route.server";
import { createCardsFor } from "~/domain/cards.server";
import { closedEdition, createBatchInput, parseInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, livemode, body }) => {
    const command = parseInput(createBatchInput, body);
    return { status: 201, data: await createCardsFor(shop, command, closedEdition(command.cards.length), livemode) };
  },
});
export const action = loader;
