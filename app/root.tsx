import type { HeadersFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { ErrorMessage } from "~/components/ErrorMessage";
import { methodNotAllowed } from "~/lib/method-not-allowed";

export default function App() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// A form post to "/" targets the root route: no page takes one.
export const action = methodNotAllowed("GET, HEAD");

// A 405's Allow (thrown by a route's action) survives into the error page's response.
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const allow = errorHeaders?.get("Allow");
  return allow ? { Allow: allow } : new Headers();
};

/**
 * Any page's failure that no nearer boundary takes: the app's own short page,
 * without Remix's scripts, whose hydration data would carry the error itself.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>Twin Cards</title>
      </head>
      <body>
        <ErrorMessage error={error} />
      </body>
    </html>
  );
}
