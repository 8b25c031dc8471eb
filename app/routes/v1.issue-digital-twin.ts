import { v1Route } from "~/faces/api/v1-route.server";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";

export const loader = v1Route({
  POST: async ({ shop, livemode, body }) => ({
    status: 201,
    data: await issueTwinTo(shop, parseInput(issueTwinInput, body), NO_SERIAL, livemode),
  }),
});
export const action = loader;
