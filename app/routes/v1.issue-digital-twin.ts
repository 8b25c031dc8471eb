import { v1Route } from "~/faces/api/v1-route.server";
import { issueTwinInput, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";

export const loader = v1Route({
  POST: async ({ shop, body }) => ({ status: 201, data: await issueTwinTo(shop, parseInput(issueTwinInput, body)) }),
});
export const action = loader;
