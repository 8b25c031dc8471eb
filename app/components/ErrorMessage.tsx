import { isRouteErrorResponse } from "@remix-run/react";

const MESSAGES: Record<number, string> = {
  400: "The request could not be understood.",
  401: "You are not signed in. Open Twin Cards from your Shopify admin.",
  403: "You do not have access to this page.",
  404: "This page does not exist.",
  405: "This page does not accept that kind of request.",
  410: "This page is not available.",
  413: "The request is too large.",
  429: "Too many requests. Try again in a moment.",
};

/**
 * What a failed page says: the text of a 4xx Response the app threw (e.g.
 * "Notification not found"), else words chosen by status alone. Never the
 * router's own errors (marked internal: "No route matches…", "…did not
 * provide an action"), an exception's message or anything about a 5xx.
 */
export function describeRouteError(error: unknown): { status: number; message: string } {
  if (!isRouteErrorResponse(error)) return { status: 500, message: fallback(500) };
  const internal = (error as { internal?: boolean }).internal === true;
  const own = !internal && error.status < 500 && typeof error.data === "string" ? error.data.trim().slice(0, 300) : "";
  return { status: error.status, message: own || fallback(error.status) };
}

const fallback = (status: number) =>
  MESSAGES[status] ?? (status >= 500 ? "Something went wrong on our side. Try again later." : "The request could not be completed.");

/** A failed page's message (see describeRouteError): plain text, so nothing in it is markup. */
export function ErrorMessage({ error }: { error: unknown }) {
  const { status, message } = describeRouteError(error);
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", padding: "0 1rem", lineHeight: 1.5 }}>
      <h1 style={{ fontSize: "1.5rem" }}>{message}</h1>
      <p style={{ color: "#616161" }}>Twin Cards · HTTP {status}</p>
    </main>
  );
}
