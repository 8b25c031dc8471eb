import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { billingConfig, serverConfig } from "../../wiring/config.server";
import { db } from "../../db/client.server";
import { reopenThroughDemo } from "../../faces/demo/demo-mode.server";
import { routeAdminApiToStub } from "./admin-api-stub.server";
import { isRequestFault, requestFaultResponse } from "./request-fault.server";
import { refreshShopProfile } from "./shop-profile.server";
import { tokenNamesTwoShops } from "./session-token-shops";
import { libraryBilling } from "./billing.server";

const config = serverConfig();
routeAdminApiToStub(config.SHOPIFY_ADMIN_API_STUB_URL);

const shopify = shopifyApp({
  apiKey: config.SHOPIFY_API_KEY,
  apiSecretKey: config.SHOPIFY_API_SECRET,
  apiVersion: ApiVersion.July26,
  scopes: config.SCOPES.split(",").map((scope) => scope.trim()),
  appUrl: config.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  sessionStorage: new PrismaSessionStorage(db),
  distribution: AppDistribution.AppStore,
  future: { unstable_newEmbeddedAuthStrategy: true },
  logger: { level: LogSeverity.Warning },
  // The paid plan (decision 0050); none when billing is off.
  billing: libraryBilling(billingConfig().plans),
  // At install (and each new offline token): what claim messages say of the shop.
  hooks: {
    afterAuth: async ({ session, admin }) => {
      await refreshShopProfile(session.shop, admin.graphql, shopifyStorefront, { force: true });
    },
  },
});

export default shopify;

/** The shop's Storefront API with the app's offline token, as the library gives it (the shop's brand logo: decision 0057). */
export async function shopifyStorefront(shop: string) {
  return (await shopify.unauthenticated.storefront(shop)).storefront.graphql;
}
export const apiVersion = ApiVersion.July26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = {
  ...shopify.authenticate,
  /**
   * The library's admin authentication; in the demo, a page opened without Shopify's parameters reopens
   * through /demo. A session token issued by one shop's admin for another shop is a 401 (decision 0059); a
   * shop, host or token the library refuses for what it is is a 400 on every admin page.
   */
  admin: async (request: Request) => {
    const reopen = reopenThroughDemo(request);
    if (reopen) throw reopen;
    if (tokenNamesTwoShops(request)) throw new Response("Unauthorized: the session token's shops differ", { status: 401 });
    try {
      return await shopify.authenticate.admin(request);
    } catch (error) {
      if (isRequestFault(error)) throw requestFaultResponse();
      throw error;
    }
  },
};
export const login = shopify.login;
export const sessionStorage = shopify.sessionStorage;
