import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { demoMode, DEMO_APP_BRIDGE_PATH } from "~/demo/demo-mode.server";
import { authenticate } from "~/shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  // Shopify's CDN is out of reach in the demo and tests: a local App Bridge stands in.
  return { apiKey: process.env.SHOPIFY_API_KEY ?? "", appBridgeUrl: demoMode() ? DEMO_APP_BRIDGE_PATH : undefined };
};

export default function App() {
  const { apiKey, appBridgeUrl } = useLoaderData<typeof loader>();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} __APP_BRIDGE_URL={appBridgeUrl}>
      <NavMenu>
        <Link to="/app" rel="home">Home</Link>
        <Link to="/app/customers">Customers</Link>
        <Link to="/app/cards">Cards</Link>
        <Link to="/app/twins">Twins</Link>
        <Link to="/app/notifications">Notifications</Link>
        <Link to="/app/settings">Settings</Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

// Shopify's boundary keeps auth redirects working inside the admin iframe.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
