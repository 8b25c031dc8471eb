import { v1Route } from "~/faces/api/v1-route.server";
import { voidCard } from "~/domain/card-void.server";
import { parseInput, voidCardInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, livemode, params, body }) => ({
    data: await voidCard(shop, params.id ?? "", parseInput(voidCardInput, body).reason, livemode),
  }),
});
export const action = loader;
