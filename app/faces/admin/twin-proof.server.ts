import type { ActionFunctionArgs } from "@remix-run/node";
import { retryMint } from "~/domain/chain-mints.server";
import { bindTag, retireTag, setUpTagKeyring, tagProgramming } from "~/domain/nfc-tags.server";
import { setItemProductLinks } from "~/domain/item-products.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { formFields, readForm, runIntent } from "./action-result.server";

/**
 * The twin page's action: its NFT's retry, and its NFC tags (decision 0063): set up the shop's master key
 * (answered once, here), bind a tag by its UID, retire one, show what to write on one; and the links the
 * merchant sets for every item of the twin's GTIN (its linkset's gs1:sustainabilityInfo and gs1:instructions).
 */
export async function twinPageAction({ request, params }: ActionFunctionArgs) {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const fields = formFields(await readForm(request));
  const t = await translatorFor(request);
  switch (fields.intent) {
    case "retry-mint":
      return runIntent("retry-mint", t, () => retryMint(shop, fields.id ?? ""));
    case "set-up-tag-keys":
      return runIntent("set-up-tag-keys", t, () => setUpTagKeyring(shop, ""));
    case "bind-tag":
      return runIntent("bind-tag", t, async () => bindTag(shop, params.id ?? "", fields.uid ?? "", await adminLivemode(shop)));
    case "retire-tag":
      return runIntent("retire-tag", t, () => retireTag(shop, fields.tag_id ?? ""));
    case "tag-programming":
      return runIntent("tag-programming", t, () => tagProgramming(shop, fields.tag_id ?? ""));
    case "product-links":
      return runIntent("product-links", t, () =>
        setItemProductLinks(shop, params.id ?? "", {
          sustainabilityInfo: fields.sustainabilityInfo ?? "",
          instructions: fields.instructions ?? "",
        }),
      );
    default:
      throw new Response(`Unknown intent “${fields.intent ?? ""}”`, { status: 400 });
  }
}
