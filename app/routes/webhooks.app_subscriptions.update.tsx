import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { receiveSubscriptionUpdate } from "~/adapters/shopify/billing-webhook.server";

/** The shop's app subscription changed (approved, cancelled, declined, expired): its plan is recorded (decision 0050). */
export const action = ({ request }: ActionFunctionArgs) => receiveSubscriptionUpdate(request);

export const loader = methodNotAllowed("POST");
