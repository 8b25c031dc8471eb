import { errorBody } from "~/faces/api/errors";
import { CardBeingGiven } from "~/domain/errors";
import { html } from "./html.server";
import { localized, logInLink, to } from "./liquid-pages.server";
import { describeFailure, jsonFailure, jsonResponse, liquidResponse, loggedOutJson, type ProxyRequest } from "./proxy-request.server";
import { languageDecision, proxyLanguageSignals, spokenLanguage } from "./shopper-language.server";
import type { MessageKey } from "./storefront-i18n.server";

/*
 * A refused download link (the certificate, the Apple pass, the Google Wallet save link). A shopper
 * taps these links, so the refusal is a page inside the theme, in the shopper's language, with the
 * refusal's status and a way back to My cards. A request asking for JSON (Accept: application/json)
 * still gets the /v1 envelope, in English, as before (issue 39; docs/decisions/0067).
 */

export type Download = "certificate" | "apple" | "google";

/** Why a download was refused: a logged-out visitor, a wallet the app cannot sign for, or what the work threw. */
export type Refusal = { loggedOut: true } | { off: true } | { error: unknown };

export type Refuse = (refusal: Refusal) => Promise<Response>;

const LOGGED_OUT: Record<Download, string> = {
  certificate: "Log in to download your certificates",
  apple: "Log in to add your cards to Apple Wallet",
  google: "Log in to add your cards to Google Wallet",
};

const OFF: Record<Exclude<Download, "certificate">, string> = {
  apple: "Apple Wallet passes are not available in this shop: the app's Apple Wallet signing certificate is not configured",
  google: "Google Wallet passes are not available in this shop: the app's Google Wallet issuer and service account are not configured",
};

/** The refusal in the proxy's JSON envelope: 401 with where to log in, 503 naming what is not configured (no Retry-After), or the failure's own. */
export function refusalJson(download: Download, refusal: Refusal, pathPrefix = ""): Response {
  if ("loggedOut" in refusal) return loggedOutJson(LOGGED_OUT[download], pathPrefix);
  if ("off" in refusal) return jsonResponse(errorBody("UNAVAILABLE", OFF[download === "google" ? "google" : "apple"]), 503);
  return jsonFailure(refusal.error);
}

/** The words that tell the shopper why, and the status and headers the refusal carries. */
function refusalOutcome(download: Download, refusal: Refusal): { words: MessageKey; status: number; headers: Record<string, string> } {
  if ("loggedOut" in refusal) return { words: "download.logged_out", status: 401, headers: {} };
  if ("off" in refusal) return { words: download === "google" ? "download.google_off" : "download.apple_off", status: 503, headers: {} };
  const failure = describeFailure(refusal.error);
  // A browser is not a Bearer client: WWW-Authenticate would only confuse it.
  const retryAfter = failure.headers["Retry-After"];
  const headers: Record<string, string> = retryAfter ? { "Retry-After": retryAfter } : {};
  const outcome = (words: MessageKey) => ({ words, status: failure.status, headers });
  if (refusal.error instanceof CardBeingGiven) return outcome("download.being_given");
  switch (failure.code) {
    case "NOT_FOUND":
      return outcome("download.not_found");
    case "CONFLICT":
      return outcome("download.unclaimed");
    case "VOIDED":
    case "EXPIRED":
      return outcome("download.voided");
    case "RATE_LIMITED":
      return outcome("download.rate_limited");
    case "VALIDATION_FAILED":
      return outcome("download.invalid");
    default:
      return outcome("download.error");
  }
}

/** The refusal page: what was refused and why, logging in when that is the way, and My cards. */
export function downloadRefusalPage(download: Download, words: MessageKey, pathPrefix: string): string {
  return localized(
    (tr) => html`<h1>${tr.t(`download.${download}_heading`)}</h1>
<p class="twincards-error" role="alert">${tr.t(words)}</p>
${words === "download.logged_out" ? html`<p><a class="twincards-action" href="${logInLink(tr, pathPrefix)}">${tr.t("log_in.link")}</a></p>` : null}
<p><a class="twincards-action" href="${to(tr, pathPrefix)}">${tr.t("page.my_cards_link")}</a></p>`,
  );
}

const asksForJson = (request: Request) => (request.headers.get("accept") ?? "").includes("application/json");

/**
 * How a download route refuses: JSON to a client asking for it, else the page in the shopper's language.
 * The language is the pages' decision (docs/decisions/0065), where a pass link's `?locale=` (the language of
 * the page it was tapped on) comes before the customer's locale, as it does for the pass itself.
 */
export function downloadRefusal(proxy: ProxyRequest, download: Download): Refuse {
  return async (refusal) => {
    if (asksForJson(proxy.request)) return refusalJson(download, refusal, proxy.pathPrefix);
    const { words, status, headers } = refusalOutcome(download, refusal);
    const signals = await proxyLanguageSignals(proxy);
    const tapped = spokenLanguage(proxy.query.get("locale"));
    const decision = languageDecision(tapped ? { ...signals, customer: tapped } : signals);
    return liquidResponse(`${decision.value}\n${downloadRefusalPage(download, words, proxy.pathPrefix)}`, status, headers);
  };
}
