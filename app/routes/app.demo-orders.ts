import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeDemoOrder, demoCatalogue, placeDemoOrder } from "~/faces/demo/demo-orders.server";
import { requireDemoMode } from "~/faces/demo/demo-mode.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";

/**
 * Demo only (404 otherwise): GET the stub's customers and products for the
 * banner's "Place a demo order"; POST intent=place|fulfil|cancel places an
 * order in the Admin API stub, or changes one, and the stub sends the webhook.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  requireDemoMode();
  await authenticate.admin(request);
  return Response.json(await demoCatalogue());
};

export const action = async ({ request }: ActionFunctionArgs) => {
  requireDemoMode();
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "place") return Response.json(await placeDemoOrder(session.shop, form));
  if (intent === "fulfil" || intent === "cancel") return Response.json(await changeDemoOrder(session.shop, intent, form));
  return Response.json({ error: "intent must be place, fulfil or cancel" }, { status: 400 });
};
