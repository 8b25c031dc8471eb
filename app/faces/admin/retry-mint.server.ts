import type { ActionFunctionArgs } from "@remix-run/node";
import { retryMint } from "~/domain/chain-mints.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { formFields, readForm, runIntent } from "./action-result.server";

/** The Cards and Twins pages' action: Retry a FAILED mint of one of the shop's items. */
export async function retryMintAction({ request }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  if (fields.intent !== "retry-mint") throw new Response(`Unknown intent “${fields.intent ?? ""}”`, { status: 400 });
  return runIntent("retry-mint", await translatorFor(request), () => retryMint(session.shop, fields.id ?? ""));
}
