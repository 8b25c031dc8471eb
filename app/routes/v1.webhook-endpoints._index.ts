import { v1Route } from "~/faces/api/v1-route.server";
import { createWebhookEndpointFor, listWebhookEndpoints } from "~/domain/webhook-endpoints.server";
import { createWebhookEndpointInput, parseInput } from "~/domain/schemas";

export const loader = v1Route({
  GET: async ({ shop }) => ({ data: await listWebhookEndpoints(shop) }),
  POST: async ({ shop, body }) => ({ status: 201, data: await createWebhookEndpointFor(shop, parseInput(createWebhookEndpointInput, body)) }),
});
export const action = loader;
