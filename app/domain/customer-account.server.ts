import { customerHoldings, shopifyOwner } from "./customer-holdings.server";
import { linkedWallet } from "./customer-wallets.server";
import { ports } from "./ports";
import { parseInput } from "./schemas/parse";
import { accountGiveCardInput } from "./schemas/gift";
import { googleWalletOn } from "./google-wallet.server";
import { walletPassesOn } from "./wallet-passes.server";
import {
  giveCardForCustomer,
  toStorefrontCard,
  toStorefrontTwin,
  toStorefrontWallet,
  waitingForCustomer,
  withGifts,
  type StorefrontHoldings,
} from "./storefront.server";

/*
 * What a customer sees on their Shopify customer account page: the storefront's
 * public shapes (no PRIVATE metadata, no owner or redemption contact), plus the
 * universal names they hold, so the page knows whether a claim needs a key and
 * whether to offer registering a name.
 */

export interface CustomerAccountHoldings extends StorefrontHoldings {
  /** The customer's universal names, alphabetical: a claim with no linked wallet goes to the first one's wallet. */
  names: { name: string; publicKey: string }[];
  /** The storefront's app proxy, `https://<shop>/apps/twincards`: each item's `actions` are paths under it. */
  proxyUrl: string;
  /** The storefront page where a wallet signs the link: the account page cannot reach a wallet (decision 0032). */
  walletPageUrl: string;
  /** Where an item's printable certificate is, `<this>/<id>?size=a4`: the storefront's, which knows the logged-in customer. */
  certificatePageUrl: string;
  /**
   * Where "Add to Apple Wallet" points, `<url>/<id>.pkpass`: the storefront's pass route, which the
   * customer's storefront login reaches (a link cannot carry the session token); null while passes are off.
   */
  applePassesUrl: string | null;
  /** Where "Add to Google Wallet" points, `<url>/<id>`: the storefront's route answering with Google's save link; null while off. */
  googleWalletUrl: string | null;
  /** The customer's first name in Shopify (null: unknown): the gift form's name for the giver until they edit it. */
  firstName: string | null;
}

/** A Shopify customer's cards, twins and universal names in a shop, public data only. */
export async function customerAccountHoldings(shop: string, customerId: string): Promise<CustomerAccountHoldings> {
  const [{ names, cards, twins }, wallet] = await Promise.all([
    customerHoldings(shop, customerId),
    linkedWallet(shop, shopifyOwner(customerId)),
  ]);
  const [gifts, waiting, facts] = await Promise.all([
    withGifts(shop, customerId, cards.map(toStorefrontCard)),
    waitingForCustomer(shop, customerId),
    ports().customers.about(shop, customerId),
  ]);
  return {
    waiting,
    cards: gifts.cards,
    given: gifts.given,
    twins: twins.map(toStorefrontTwin),
    wallet: toStorefrontWallet(wallet),
    appleWalletPasses: walletPassesOn(),
    proxyUrl: `https://${shop}${ports().urls.proxyPath()}`,
    walletPageUrl: `https://${shop}${ports().urls.proxyPath()}/wallet`,
    certificatePageUrl: `https://${shop}${ports().urls.proxyPath()}/certificate`,
    applePassesUrl: walletPassesOn() ? `https://${shop}${ports().urls.proxyPath()}/passes` : null,
    googleWalletPasses: googleWalletOn(),
    googleWalletUrl: googleWalletOn() ? `https://${shop}${ports().urls.proxyPath()}/google-wallet` : null,
    names: names.map((name) => ({ name: name.uns_name, publicKey: name.public_key })),
    firstName: facts?.firstName ?? null,
  };
}

/** The customer account page gives a card: the storefront's gift, its giver name never blank (`accountGiveCardInput`). */
export async function giveCardFromAccount(shop: string, customerId: string, cardId: string, input: unknown) {
  parseInput(accountGiveCardInput, input);
  return giveCardForCustomer(shop, customerId, cardId, input);
}
