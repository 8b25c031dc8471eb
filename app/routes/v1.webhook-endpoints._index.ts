import { v1Route } from "~/faces/api/v1-route.server";
import { createWebhookEndpointFor, listWebhookEndpoints } from "~/domain/webhook-endpoints.server";
import { createWebhookEndpointInput, parseInput } from "~/domain/schemas";

export const loader = v1Route({
  GET: async ({ shop, livemode }) => ({ data: await listWebhookEndpoints(shop, livemode) }),
  POST: async ({ shop, livemode, body }) => ({
    status: 201,
    data: await createWebhookEndpointFor(shop, parseInput(createWebhookEndpointInput, body), livemode),
  }),
});
export const action = loader;
