import { v1Route } from "~/faces/api/v1-route.server";
import { validateName } from "~/domain/names.server";

export const loader = v1Route({
  GET: async ({ livemode, url }) => ({ data: await validateName(Object.fromEntries(url.searchParams), livemode) }),
});
export const action = loader;
