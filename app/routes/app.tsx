import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { ErrorMessage } from "~/components/ErrorMessage";
import { demoMode, DEMO_APP_BRIDGE_PATH } from "~/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/shopify.server";
import { serverConfig } from "~/config.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  // Shopify's CDN is out of reach in the demo and tests: a local App Bridge stands in.
  return { apiKey: serverConfig().SHOPIFY_API_KEY, appBridgeUrl: demoMode() ? DEMO_APP_BRIDGE_PATH : undefined };
};

// A form post to "/app" (no index) targets this layout: no page takes one.
export const action = methodNotAllowed("GET, HEAD");

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

// Shopify's boundary renders the library's own auth pages (App Bridge redirects, thrown with a
// 2xx) as HTML; an error gets the app's own message as text (see ErrorMessage).
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 400) return boundary.error(error);
  return <ErrorMessage error={error} />;
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
