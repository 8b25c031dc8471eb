import { v1Route } from "~/faces/api/v1-route.server";
import { parseInput, sendTestEventInput } from "~/domain/schemas";
import { sendTestDelivery } from "~/domain/webhook-deliveries.server";

// 202: the delivery is queued; the worker sends it within seconds (follow it in the endpoint's deliveries).
export const loader = v1Route({
  POST: async ({ shop, livemode, params, body }) => {
    parseInput(sendTestEventInput, body);
    return { status: 202, data: await sendTestDelivery(shop, params.id ?? "", livemode) };
  },
});
export const action = loader;
