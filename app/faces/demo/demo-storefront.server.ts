import type { LocalMessageView } from "~/faces/admin/local-message.server";
import { demoStorefrontUrl } from "~/wiring/config.server";

// npm run demo serves a local storefront (stubs/storefront) with the app proxy in
// front of the app, since the shop's real domain is not reachable from a demo.

/**
 * In the demo, a message's links to the shop's storefront (`https://<shop>/apps/…`,
 * the claim page) lead to the local storefront instead, so a merchant can follow
 * a claim from the message to the claimed card. Unchanged outside the demo.
 */
export function withDemoStorefrontLinks(message: LocalMessageView, shop: string): LocalMessageView {
  const storefront = demoStorefrontUrl();
  if (!storefront) return message;
  const rewrite = (text: string) => text.replaceAll(`https://${shop}/apps/`, `${storefront}/apps/`);
  return { ...message, text: rewrite(message.text), html: message.html && rewrite(message.html), linksLeadTo: storefront };
}
