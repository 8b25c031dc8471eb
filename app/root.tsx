import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorMessage } from "~/faces/admin/components/ErrorMessage";
import { DEFAULT_LANGUAGE, languageOf } from "~/faces/admin/i18n/config";
import { adminLocale } from "~/faces/admin/i18n/i18n.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// The merchant's locale (Shopify admin's `locale`, see ~/i18n/i18n.server): <html lang>,
// the language of the admin's words, and the locale dates and money are written in.
export const loader = ({ request }: LoaderFunctionArgs) => ({ locale: adminLocale(request) });

export default function App() {
  const locale = useRouteLoaderData<typeof loader>("root")?.locale ?? DEFAULT_LANGUAGE;
  useChangeLanguage(languageOf(locale));
  // Marks the page as hydrated, its buttons answering: browser tests wait for it before clicking one that only JavaScript handles.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html lang={locale}>
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
  const locale = useRouteLoaderData<typeof loader>("root")?.locale ?? DEFAULT_LANGUAGE;
  return (
    <html lang={locale}>
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
