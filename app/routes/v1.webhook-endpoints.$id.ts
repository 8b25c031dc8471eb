import { v1Route } from "~/faces/api/v1-route.server";
import { deleteWebhookEndpoint, getWebhookEndpoint } from "~/domain/webhook-endpoints.server";

export const loader = v1Route({
  GET: async ({ shop, livemode, params }) => ({ data: await getWebhookEndpoint(shop, params.id ?? "", livemode) }),
  DELETE: async ({ shop, livemode, params }) => {
    const id = params.id ?? "";
    await deleteWebhookEndpoint(shop, id, livemode);
    return { data: { id, deleted: true } };
  },
});
export const action = loader;
