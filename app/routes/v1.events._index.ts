import { v1Route } from "~/faces/api/v1-route.server";
import { listEvents } from "~/domain/events.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, url }) => {
    const { events, nextCursor } = await listEvents(shop, Object.fromEntries(url.searchParams), livemode);
    return { data: events, extra: { nextCursor } };
  },
});
export const action = loader;
