import { createHmac } from "node:crypto";
import { inject } from "vitest";
import { adminHost, sessionToken } from "~/faces/demo/session-token.server";
import { USER_AGENT } from "./api";

/** The built server as production runs it: Admin API calls go to the local stub, no demo harness. */
export const baseUrl = inject("baseUrl");
/** The same build with DEMO_MODE=1. */
export const demoUrl = inject("demoUrl");

// The test servers' app credentials (TEST_ENV in test/support/test-env.ts).
export const API_KEY = "test-api-key";
export const API_SECRET = "test-api-secret";

/**
 * A session token as Shopify admin hands it to the embedded app for `shop`
 * (HS256 JWT, valid for a minute). `secret` signs it with another key, `apiKey`
 * addresses it to another app; `expiredSecondsAgo` moves its whole lifetime into the past;
 * `issuerShop` names another shop as its issuer (`iss`) than the one it is for (`dest`).
 */
export function adminToken(
  shop: string,
  options: { secret?: string; apiKey?: string; expiredSecondsAgo?: number; issuerShop?: string } = {},
): string {
  const secret = options.secret ?? API_SECRET;
  const token = sessionToken({ shop, apiKey: options.apiKey ?? API_KEY, apiSecret: secret });
  if (options.expiredSecondsAgo === undefined && options.issuerShop === undefined) return token;
  const [header, body] = token.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, number | string>;
  const shift = Number(claims.exp) - Math.floor(Date.now() / 1000) + (options.expiredSecondsAgo ?? -60);
  const moved =
    options.expiredSecondsAgo === undefined
      ? {}
      : { exp: Number(claims.exp) - shift, nbf: Number(claims.nbf) - shift, iat: Number(claims.iat) - shift };
  const issuer = options.issuerShop === undefined ? {} : { iss: `https://${options.issuerShop}/admin` };
  const payload = Buffer.from(JSON.stringify({ ...claims, ...moved, ...issuer })).toString("base64url");
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** The claims of a session token (no verification: for checking what a server handed out). */
export const tokenClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;

/** What the merchant's browser gets back for a page. */
export interface PageResponse {
  status: number;
  headers: Headers;
  /** The raw HTML (or other body). */
  body: string;
  /** The text a merchant reads on the page: no scripts, styles or tags, entities decoded, whitespace collapsed. */
  text: string;
  /** The Location of a redirect, else null. */
  location: string | null;
}

async function pageOf(response: Response): Promise<PageResponse> {
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, text: visibleText(body), location: response.headers.get("location") };
}

/** The URL Shopify admin loads in its iframe: the app path plus embedded, shop, host and a fresh id_token. */
export function embeddedUrl(path: string, shop: string, options: { token?: string; base?: string } = {}): string {
  const params = new URLSearchParams({ embedded: "1", shop, host: adminHost(shop), id_token: options.token ?? adminToken(shop) });
  return `${options.base ?? baseUrl}${path}${path.includes("?") ? "&" : "?"}${params}`;
}

/** A document request (GET), as Shopify admin opens an app page; redirects are returned, not followed. */
export async function getPage(path: string, shop: string, options: { token?: string; base?: string } = {}): Promise<PageResponse> {
  return pageOf(await fetch(embeddedUrl(path, shop, options), { headers: { "User-Agent": USER_AGENT }, redirect: "manual" }));
}

/** A plain GET (no Shopify parameters), e.g. the demo routes. */
export async function getRaw(url: string): Promise<PageResponse> {
  return pageOf(await fetch(url, { headers: { "User-Agent": USER_AGENT }, redirect: "manual" }));
}

const formInit = (fields: Record<string, string>, token: string, locale?: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${token}`, ...(locale ? { "X-Admin-Locale": locale } : {}) },
  redirect: "manual",
});

/**
 * A form submitted as a document request with the session token header: Remix runs
 * the action and renders the page with its result (what `useActionData` shows) and
 * fresh loader data.
 */
export async function postForm(
  path: string,
  shop: string,
  fields: Record<string, string>,
  options: { token?: string; base?: string } = {},
): Promise<PageResponse> {
  return pageOf(await fetch(`${options.base ?? baseUrl}${path}`, formInit(fields, options.token ?? adminToken(shop))));
}

/** A path's single-fetch URL: `.data` after the path, before any query (`/app/notifications.data?index`). */
function dataUrl(path: string, base = baseUrl): string {
  const [pathname, query] = path.split("?");
  return `${base}${pathname}.data${query === undefined ? "" : `?${query}`}`;
}

/** An admin action's answer (app/faces/admin/action-result.server.ts). */
export type ActionResult<T = Record<string, unknown>> =
  { intent: string; ok: true; data: T } | { intent: string; ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * A form submitted the way the page's fetchers submit it (Remix single fetch:
 * `POST <path>.data`): the status and the action's result, which is exactly
 * what the page then renders (banners, inline field errors). An index route's
 * action needs `?index` on the path, as the browser sends it. `locale` is the
 * admin's language, as its requests carry it.
 */
export async function submitFetcher<T = Record<string, unknown>>(
  path: string,
  shop: string,
  fields: Record<string, string>,
  options: { token?: string; base?: string; locale?: string } = {},
): Promise<{ status: number; result: ActionResult<T> | undefined }> {
  const response = await fetch(dataUrl(path, options.base), formInit(fields, options.token ?? adminToken(shop), options.locale));
  const body = await response.text();
  const decoded = response.headers.get("content-type")?.startsWith("text/x-script") ? decodeTurboStream(body) : undefined;
  const result = decoded && typeof decoded === "object" && "data" in decoded ? (decoded.data as ActionResult<T>) : undefined;
  return { status: response.status, result };
}

/**
 * The data a page's loaders hand to the browser when the merchant navigates to it
 * inside the app (`GET <path>.data`, single fetch), by route id: what the page
 * renders from, including parts shown only after an interaction.
 */
export async function pageData(
  path: string,
  shop: string,
  options: { token?: string; base?: string } = {},
): Promise<{ status: number; routes: Record<string, unknown> }> {
  const response = await fetch(dataUrl(path, options.base), {
    headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${options.token ?? adminToken(shop)}` },
    redirect: "manual",
  });
  const body = await response.text();
  const decoded = response.headers.get("content-type")?.startsWith("text/x-script") ? decodeTurboStream(body) : {};
  const routes = Object.fromEntries(
    Object.entries(decoded as Record<string, { data?: unknown }>).map(([routeId, result]) => [routeId, result?.data]),
  );
  return { status: response.status, routes };
}

/**
 * Decodes the first line of a turbo-stream body (Remix single fetch): a flat
 * array where objects map "_<key index>" to a value index, arrays list value
 * indexes and negative indexes are special values. Plain data only (what the
 * admin actions return); anything else fails loudly.
 */
export function decodeTurboStream(body: string): unknown {
  const values = JSON.parse(body.split("\n")[0]!) as unknown[];
  const specials: Record<number, unknown> = {
    [-1]: undefined,
    [-2]: NaN,
    [-3]: -Infinity,
    [-4]: -0,
    [-5]: null,
    [-6]: Infinity,
    [-7]: undefined,
  };
  const at = (index: number): unknown => {
    if (index < 0) return specials[index];
    const value = values[index];
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      if (typeof value[0] === "string") {
        if (value[0] === "D") return new Date(value[1] as number);
        throw new Error(`Unsupported turbo-stream value ${JSON.stringify(value)}`);
      }
      return value.map((item) => at(item as number));
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [values[Number(key.slice(1))] as string, at(item as number)]));
  };
  return at(0);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });

/** The text of an HTML page as a merchant reads it. */
export function visibleText(html: string): string {
  // React separates adjacent text with <!-- --> comments: they join, tags separate.
  const withoutCode = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ");
  return decodeEntities(withoutCode.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The values of the page's form fields (inputs and text areas), e.g. a key shown once in a read-only field. */
export function fieldValues(html: string): string[] {
  const inputs = [...html.matchAll(/<input\b[^>]*\bvalue="([^"]*)"/gi)].map((match) => match[1]!);
  const areas = [...html.matchAll(/<textarea\b[^>]*>([^<]*)<\/textarea>/gi)].map((match) => match[1]!);
  return [...inputs, ...areas].map(decodeEntities);
}
