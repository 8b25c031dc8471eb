import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { requireDemoMode } from "~/faces/demo/demo-mode.server";
import { demoPickerResources } from "~/faces/demo/demo-resource-picker.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

/** Demo only (404 otherwise): what the App Bridge stand-in's resource picker lists, `?type=product|variant|collection&query=`. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  requireDemoMode();
  const { session } = await authenticate.admin(request);
  return demoPickerResources(session.shop, new URL(request.url));
};

export const action = methodNotAllowed("GET, HEAD");
