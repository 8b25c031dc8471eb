import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { EXAMPLE_FILE } from "~/faces/admin/card-import-csv.server";

/** GET /app/cards/import-example: the example file Import CSV offers, with the header it reads. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return new Response(`\uFEFF${EXAMPLE_FILE}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="twin-cards-import-example.csv"',
      "Cache-Control": "no-store",
    },
  });
};
