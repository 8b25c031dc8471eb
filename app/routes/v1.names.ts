import { v1Route } from "~/faces/api/v1-route.server";
import { registerNameFor } from "~/domain/names.server";
import { parseInput, registerNameInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, livemode, body }) => ({
    status: 201,
    data: await registerNameFor(shop, parseInput(registerNameInput, body), livemode),
  }),
});
export const action = loader;
