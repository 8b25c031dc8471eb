import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import appBridgeElements from "~/faces/admin/app-bridge-elements.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { useTranslation } from "react-i18next";
import { shopTimeZone } from "~/faces/admin/shop-time-zone.server";
import { refreshShopProfile } from "~/adapters/shopify/shop-profile.server";
import { DemoLanguageSwitch } from "~/faces/admin/components/DemoLanguageSwitch";
import { DemoOrderPanel } from "~/faces/admin/components/DemoOrderPanel";
import { TestDataBanner } from "~/faces/admin/components/TestDataSwitch";
import { viewTestData } from "~/domain/test-data-view.server";
import { ErrorMessage, type WayBack } from "~/faces/admin/components/ErrorMessage";
import { demoMode, DEMO_APP_BRIDGE_PATH } from "~/faces/demo/demo-mode.server";
import { polarisTranslations } from "~/faces/admin/i18n/polaris-translations.server";
import { i18nServer } from "~/faces/admin/i18n/i18n.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate, shopifyStorefront } from "~/adapters/shopify/shopify-app.server";
import { serverConfig } from "~/wiring/config.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: appBridgeElements },
];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  // Claim messages use the shop's name, logo, languages and zone; the dispatcher reads the copy this keeps.
  const [timeZone, , testData] = await Promise.all([
    shopTimeZone(session.shop, admin.graphql),
    refreshShopProfile(session.shop, admin.graphql, shopifyStorefront),
    viewTestData(session.shop),
  ]);
  return {
    apiKey: serverConfig().SHOPIFY_API_KEY,
    // Shopify's CDN is out of reach in the demo and tests: a local App Bridge stands in.
    appBridgeUrl: demoMode() ? DEMO_APP_BRIDGE_PATH : undefined,
    demo: demoMode(),
    // Every admin page writes times in the shop's zone (~/i18n/use-format).
    timeZone,
    // "View test data" (decision 0036): every page reads test data, and says so in a banner.
    viewTestData: testData,
    // Polaris' own words (pagination, "Clear", loading labels…) in the page's language; null: Polaris' English.
    polarisTranslations: polarisTranslations(await i18nServer.getLocale(request)),
  };
};

// A form post to "/app" (no index) targets this layout: no page takes one.
export const action = methodNotAllowed("GET, HEAD");

export default function App() {
  const { apiKey, appBridgeUrl, demo, polarisTranslations } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} __APP_BRIDGE_URL={appBridgeUrl} i18n={polarisTranslations ?? undefined}>
      <NavMenu>
        <Link to="/app" rel="home">
          {t("nav.home")}
        </Link>
        <Link to="/app/customers">{t("nav.customers")}</Link>
        <Link to="/app/cards">{t("nav.cards")}</Link>
        <Link to="/app/twins">{t("nav.twins")}</Link>
        <Link to="/app/automation">{t("nav.automation")}</Link>
        <Link to="/app/notifications">{t("nav.notifications")}</Link>
        <Link to="/app/settings">{t("nav.settings")}</Link>
      </NavMenu>
      {demo && <DemoLanguageSwitch />}
      {demo && <DemoOrderPanel />}
      <TestDataBanner />
      <Outlet />
    </AppProvider>
  );
}

// Shopify's boundary renders the library's own auth pages (App Bridge redirects, thrown with a
// 2xx) as HTML; an error gets the app's own message as text (see ErrorMessage).
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status < 400) return boundary.error(error);
  // A missing card, rule, customer… (or page): back to the list it would be in, and Home. Whole page
  // loads (this page has no App Bridge), with Shopify's shop and host but not the used session token.
  const wayBack: WayBack[] = [];
  if (isRouteErrorResponse(error) && error.status === 404) {
    const params = new URLSearchParams(search);
    params.delete("id_token");
    const query = params.size > 0 ? `?${params}` : "";
    const section = NAV_SECTIONS.find((name) => pathname.startsWith(`/app/${name}/`) || pathname === `/app/${name}`);
    if (section && pathname !== `/app/${section}`) wayBack.push({ url: `/app/${section}${query}`, label: t(`nav.${section}`) });
    wayBack.push({ url: `/app${query}`, label: t("nav.home") });
  }
  return <ErrorMessage error={error} wayBack={wayBack} />;
}

const NAV_SECTIONS = ["customers", "cards", "twins", "automation", "notifications", "settings"] as const;

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
