import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { receiveOrderWebhook } from "~/adapters/shopify/order-webhooks.server";

/** Issue at purchase: recorded here, worked by the order worker. */
export const action = ({ request }: ActionFunctionArgs) => receiveOrderWebhook(request, "fulfillments/create");

export const loader = methodNotAllowed("POST");
