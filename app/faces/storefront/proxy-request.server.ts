import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, errorBody, httpFailure, type HttpFailure } from "~/faces/api/errors";
import { PROXY_PATH, proxyPath, serverConfig } from "~/wiring/config.server";
import { GiftTakenBack } from "~/domain/errors";
import { isCustomerId } from "~/domain/owners";
import { isShopDomain } from "~/adapters/shopify/shop-domain";
import { verifiedProxyQuery } from "./proxy-signature.server";

/** A request Shopify's app proxy signed, and what it tells us. */
export interface ProxyRequest {
  request: Request;
  url: URL;
  /** The shop the storefront belongs to (from the verified `shop`). */
  shop: string;
  /** The logged-in customer's numeric id (from the verified `logged_in_customer_id`), or null when logged out. */
  customerId: string | null;
  /** The storefront visitor's address, as Shopify's signed hop forwards it in X-Forwarded-For: for rate limits. */
  clientAddress: string;
  /** The storefront path the proxy is mounted on, e.g. `/apps/twincards`: links in pages point there. */
  pathPrefix: string;
  /** The route's path parameters (e.g. a card's id). */
  params: Record<string, string | undefined>;
  /** The query's values exactly as Shopify signed them (a repeated parameter's joined with ","): what a route reads. */
  query: ReadonlyMap<string, string>;
}

/**
 * Builds a `proxy.*` route's loader or action. Every request is verified here
 * first (`verifyProxyRequest`) and anything else is a 400 before the handler runs:
 * plain text, or the route's own 400 (`rejectedAs`, e.g. a page in the shopper's language).
 */
export function proxyRoute(handler: (proxy: ProxyRequest) => Promise<Response>, rejectedAs?: () => Response) {
  return async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const verified = verifyProxyRequest(request, context.forwardedAddress);
    if (verified instanceof Response) return rejectedAs?.() ?? verified;
    return handler({ ...verified, params });
  };
}

let secret: string | undefined;
const appSecret = () => (secret ??= serverConfig().SHOPIFY_API_SECRET);

/**
 * The signature over the query, a fresh timestamp and none of Shopify's own
 * parameters repeated (`verifiedProxyQuery`), then a `*.myshopify.com` shop and a numeric customer
 * id or none. The shop and the customer come from the signed values only, and
 * so does trust in the visitor address Shopify forwards (`forwardedAddress`):
 * only a signed request came through Shopify, so only then is that hop believed.
 */
export function verifyProxyRequest(request: Request, forwardedAddress: string): Omit<ProxyRequest, "params"> | Response {
  const url = new URL(request.url);
  const query = verifiedProxyQuery(url, appSecret());
  if (!query) return rejected();
  const shop = query.get("shop") ?? "";
  const customer = query.get("logged_in_customer_id") ?? "";
  if (!isShopDomain(shop) || (customer !== "" && !isCustomerId(customer))) return rejected();
  const prefix = query.get("path_prefix") ?? "";
  return {
    request,
    url,
    query,
    shop,
    customerId: customer === "" ? null : customer,
    clientAddress: forwardedAddress,
    // A merchant may rename the proxy's prefix and subpath; Shopify signs where it is.
    pathPrefix: PROXY_PATH.test(prefix) ? prefix : proxyPath(),
  };
}

const rejected = () =>
  new Response("Bad Request: this URL works only through the shop's app proxy (missing, invalid, expired or repeated signed parameters)", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** Every storefront answer is about one customer: never cached by Shopify, the browser or anyone between. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** The storefront's log-in page, coming back to `returnTo` (a storefront path) afterwards. */
export const loginUrl = (returnTo: string) => `/account/login?return_url=${encodeURIComponent(returnTo)}`;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...NO_STORE, ...headers },
  });
}

/** 401 with the /v1 envelope plus where to log in. */
export const loggedOutJson = (message: string, returnTo: string) =>
  jsonResponse({ ...errorBody("UNAUTHENTICATED", message), loginUrl: loginUrl(returnTo) }, 401);

/** The status, message and field details of a failure, as /v1 reports them; unexpected errors are logged, not shown. */
export const describeFailure = (thrown: unknown): HttpFailure => httpFailure(thrown, "the app proxy");

/**
 * Why a failure happened when its code alone does not tell the shopper: `GIFT_TAKEN_BACK`, a 409
 * whose giver took the gift back (not a code already used), which the pages and blocks say in words of their own.
 */
export type FailureReason = "GIFT_TAKEN_BACK";
export const failureReason = (error: unknown): FailureReason | undefined =>
  error instanceof GiftTakenBack ? "GIFT_TAKEN_BACK" : undefined;

/** A failure in the /v1 error envelope and status, with its `reason` when it has one. */
export function jsonFailure(error: unknown): Response {
  const failure = describeFailure(error);
  const body = errorBody(failure.code, failure.message, failure.details);
  const reason = failureReason(error);
  return jsonResponse(reason ? { ...body, error: { ...body.error, reason } } : body, failure.status, failure.headers);
}

/** A Liquid page: Shopify renders it inside the shop's theme. */
export function liquidResponse(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/liquid", ...NO_STORE, ...headers },
  });
}

/** Which body a POST carries: a JSON API call, or a plain HTML form (no JavaScript). */
export function bodyKind(request: Request): "json" | "form" | "other" {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  return "other";
}

/**
 * JSON is accepted only with a JSON Content-Type: a page on another site cannot
 * send that to the shop's domain without a CORS preflight, which the storefront
 * does not grant.
 */
export const notJson = () =>
  new ApiError("INVALID_JSON", "Send a JSON body with Content-Type: application/json", [
    { path: "", message: "Content-Type must be application/json" },
  ]);

export const methodNotAllowed = (allow: string) =>
  jsonResponse(errorBody("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), 405, { Allow: allow });
