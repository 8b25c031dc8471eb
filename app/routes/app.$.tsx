import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// An admin path no page takes (/app/cards/x/y, a mistyped link): the admin's own 404, with its way back (app.tsx).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  const t = await translatorFor(request);
  throw new Response(t("errorPage.status404"), { status: 404 });
};

export const action = methodNotAllowed("GET, HEAD");

// A page, not a resource route: the 404 its loader throws renders in the admin's error page (app.tsx).
export default function NotFound() {
  return null;
}
