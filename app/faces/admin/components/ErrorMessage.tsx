import { isRouteErrorResponse, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

const STATUSES = [400, 401, 403, 404, 405, 410, 413, 429] as const;
type KnownStatus = (typeof STATUSES)[number];
const known = (status: number): status is KnownStatus => (STATUSES as readonly number[]).includes(status);

/**
 * What a failed page says: the text of a 4xx Response the app threw (e.g.
 * "Notification not found", already in the merchant's language), else words
 * chosen by status alone. Never the router's own errors (marked internal:
 * "No route matches…", "…did not provide an action"), an exception's message
 * or anything about a 5xx.
 */
export function describeRouteError(error: unknown, t: TFunction): { status: number; message: string } {
  if (!isRouteErrorResponse(error)) return { status: 500, message: fallback(500, t) };
  const internal = (error as { internal?: boolean }).internal === true;
  const own = !internal && error.status < 500 && typeof error.data === "string" ? error.data.trim().slice(0, 300) : "";
  return { status: error.status, message: own || fallback(error.status, t) };
}

function fallback(status: number, t: TFunction): string {
  if (known(status)) return t(`errorPage.status${status}`);
  return status >= 500 ? t("errorPage.serverError") : t("errorPage.otherError");
}

/** A way out of a failed page: a list it belongs to, Home. */
export interface WayBack {
  url: string;
  label: string;
}

/** A failed page's message (see describeRouteError): plain text, so nothing in it is markup; with `wayBack`, links out of it. */
export function ErrorMessage({ error, wayBack = [] }: { error: unknown; wayBack?: WayBack[] }) {
  const { t } = useTranslation();
  const { status, message } = describeRouteError(error, t);
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1 style={{ fontSize: "1.5rem" }}>{message}</h1>
      {wayBack.length > 0 && (
        <nav aria-label={t("errorPage.wayBack")}>
          <p>
            {t("errorPage.wayBack")}{" "}
            {wayBack.map((way, index) => (
              <span key={way.url}>
                {index > 0 && " · "}
                <Link to={way.url} reloadDocument>
                  {way.label}
                </Link>
              </span>
            ))}
          </p>
        </nav>
      )}
      <p style={{ color: "#616161" }}>{t("errorPage.footer", { status })}</p>
    </main>
  );
}
