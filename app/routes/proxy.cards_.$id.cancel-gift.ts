import { cancelGiftForCustomer } from "~/domain/storefront.server";
import { myCardsAction } from "~/faces/storefront/my-cards-action.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// POST /apps/twincards/cards/<id>/cancel-gift on the storefront: the giver takes a card back before it is claimed.
// JSON from the theme block's script, or the plain form of the app proxy's My cards (then My cards again, saying so).
export const action = myCardsAction({
  loggedOut: "Log in to take a gift back",
  run: cancelGiftForCustomer,
  data: (card) => card,
  done: "my_cards.gift_taken_back",
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
