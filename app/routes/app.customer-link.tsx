import type { LoaderFunctionArgs } from "@remix-run/node";
import { isCustomerId } from "~/domain/owners";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.customers");

// Target of the admin link on Shopify's customer page (extensions/customer-link):
// Shopify passes the customer as ?id=<number> or ?id=gid://shopify/Customer/<number>.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { redirect } = await authenticate.admin(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const numeric = id.replace(/^gid:\/\/shopify\/Customer\//, "");
  return redirect(isCustomerId(numeric) ? `/app/customers/${numeric}` : "/app/customers");
};

export const action = methodNotAllowed("GET, HEAD");
