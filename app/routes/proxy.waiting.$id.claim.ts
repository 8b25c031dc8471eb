import { claimWaitingForCustomer } from "~/domain/storefront.server";
import { myCardsAction } from "~/faces/storefront/my-cards-action.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// POST /apps/twincards/waiting/<id>/claim on the storefront: the logged-in customer claims a code sent to the
// e-mail address Shopify says they verified, with one tap and no code (issue 39 item 7, decision 0070).
// JSON from the theme block's script, or the plain form of the app proxy's My cards (then My cards again, saying so);
// a code no longer waiting (claimed meanwhile, voided, expired) or never theirs: My cards as it is, saying so.
export const action = myCardsAction({
  loggedOut: "Log in to claim your cards",
  run: claimWaitingForCustomer,
  data: (cards) => ({ cards }),
  done: "my_cards.waiting_claimed",
  gone: "my_cards.waiting_gone",
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
