import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useLocale } from "remix-i18next/react";
import { createFormatter, type Formatter } from "./format";

/** The admin layout's loader answers the shop's time zone (app/routes/app.tsx). */
export const ADMIN_LAYOUT_ROUTE = "routes/app";

/** Formats for the merchant: the page's locale (the root loader's) and the shop's time zone (the admin layout's). */
export function useFormat(): Formatter {
  const locale = useLocale();
  const layout = useRouteLoaderData(ADMIN_LAYOUT_ROUTE) as { timeZone?: string } | undefined;
  const timeZone = layout?.timeZone ?? "UTC";
  return useMemo(() => createFormatter({ locale, timeZone }), [locale, timeZone]);
}
