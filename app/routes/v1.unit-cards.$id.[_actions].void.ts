import { v1Route } from "~/faces/api/v1-route.server";
import { voidCard } from "~/domain/card-void.server";
import { parseInput, voidCardInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, params, body }) => ({ data: await voidCard(shop, params.id ?? "", parseInput(voidCardInput, body).reason) }),
});
export const action = loader;
