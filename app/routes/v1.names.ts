import { v1Route } from "~/faces/api/v1-route.server";
import { registerNameFor } from "~/domain/names.server";
import { parseInput, registerNameInput } from "~/domain/schemas";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await registerNameFor(shop, parseInput(registerNameInput, body)) }),
});
export const action = loader;
