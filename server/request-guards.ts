import type { Request, RequestHandler, Response } from "express";
import { MAX_BODY_BYTES, MAX_DRAINED_BYTES } from "../app/faces/api/request-body.server";
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_BYTES } from "../app/faces/admin/card-import-limits";
import { isApiPath, prepareError, routedUrl, sendError } from "./error-response";
import { answerThenLinger } from "./lingering-close";

/** Every method some route serves; a route's own 405 names just its own. */
export const SERVED_METHODS = "GET, HEAD, POST";

// What Remix can route: fetch's Request refuses TRACE and CONNECT, and Remix answers other
// methods (PROPFIND, …) in its own words. /v1 routes answer PUT, PATCH, DELETE and OPTIONS
// themselves, with the path's own Allow; no other route serves them.
const API_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const APP_METHODS = new Set(["GET", "HEAD", "POST"]);
// Apple's PassKit web service unregisters a device with DELETE (decision 0047); its routes answer other methods 405.
const WALLET_SERVICE = /^\/wallet\/v1\//i;
const WALLET_METHODS = new Set(["GET", "HEAD", "POST", "DELETE"]);

// Paths whose routes take posts from elsewhere (API clients, Shopify's proxy, webhooks and Flow, the customer account extension).
const CROSS_SITE_POSTS = /^\/(v1|proxy|webhooks|flow|customer-account|admin-ext|wallet\/v1)(\/|$)/i;
// The customer account and admin extensions' routes answer their own CORS preflight (OPTIONS).
const PREFLIGHTED = /^\/(customer-account|admin-ext)(\/|$)/i;

/** The most a request's body may carry: a CSV file of up to 10,000 cards (decision 0052) is the one body allowed more than 1 MiB. */
export function bodyLimitOf(req: Request): number {
  return isCsvUpload(req) ? MAX_IMPORT_BYTES : MAX_BODY_BYTES;
}
const isCsvUpload = (req: Request) => req.method === "POST" && routedUrl(req.originalUrl)?.pathname === IMPORT_UPLOAD_PATH;
const tooLarge = (req: Request) =>
  ({ status: 413, code: "PAYLOAD_TOO_LARGE", message: `The request body is larger than ${isCsvUpload(req) ? "8" : "1"} MiB` }) as const;

/** The 413 for a body over `bodyLimitOf(req)`. */
export const answerTooLarge = (req: Request, res: Response) => sendError(res, req.originalUrl, tooLarge(req));

const plain = (res: Parameters<RequestHandler>[1], status: number, message: string) =>
  res.status(status).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(message);

/**
 * Answers, before Remix, what only the framework would otherwise answer (in
 * its own words, or with a 500): a request target that is not a path, a body
 * over the limit, a method no route serves, Remix's own data transport where
 * it is never spoken, /v1 paths its router cannot match, and a cross-site
 * form post.
 */
export const requestGuards: RequestHandler[] = [
  // Absolute-form ("GET http://host/path") is the path; "*" and authority-form name no route.
  (req, res, next) => {
    if (req.url.startsWith("/")) return next();
    if (req.method === "OPTIONS" && req.url === "*") return res.status(204).set("Allow", SERVED_METHODS).end();
    const absolute = /^https?:\/\/[^/]*(\/.*)?$/i.exec(req.url);
    if (!absolute) return plain(res, 400, "Bad request: the request target must be a path");
    // Express copied the target to originalUrl already, and the Remix adapter builds its URL from that.
    req.url = req.originalUrl = absolute[1] ?? "/";
    next();
  },
  // A declared length over the limit is refused before any route runs; one sent without a length is cut off
  // at the limit as a route reads it (server/remix-handler.ts, server/v1-router.ts).
  (req, res, next) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (declared <= bodyLimitOf(req)) return next();
    if (declared > MAX_DRAINED_BYTES) {
      // Too much to wait for: answered at once, and the connection closed once the client stops sending.
      const { type, text } = prepareError(res, req.originalUrl, tooLarge(req));
      return answerThenLinger(req, res.type(type), text);
    }
    // Read the body to its end first, throwing it away (MAX_DRAINED_BYTES says why); a client gone meanwhile gets nothing.
    req.on("end", () => answerTooLarge(req, res)).resume();
  },
  (req, res, next) => {
    const url = routedUrl(req.originalUrl);
    const methods = isApiPath(url) ? API_METHODS : WALLET_SERVICE.test(url?.pathname ?? "") ? WALLET_METHODS : APP_METHODS;
    if (methods.has(req.method)) return next();
    if (req.method === "OPTIONS" && PREFLIGHTED.test(routedUrl(req.originalUrl)?.pathname ?? "")) return next();
    if (req.method === "OPTIONS") return res.status(204).set("Allow", SERVED_METHODS).end();
    sendError(res, req.originalUrl, {
      status: 405,
      code: "METHOD_NOT_ALLOWED",
      message: `${req.method} is not served here; use ${SERVED_METHODS}`,
      headers: { Allow: SERVED_METHODS },
    });
  },
  (req, res, next) => {
    const url = routedUrl(req.originalUrl);
    // Single fetch never sends `?_data=` (Remix's older data requests).
    if (url?.searchParams.has("_data")) {
      if (!isApiPath(url)) return plain(res, 400, "Bad request: unknown query parameter _data");
      return sendError(res, req.originalUrl, {
        status: 422,
        code: "VALIDATION_FAILED",
        message: "Unknown query parameter _data",
        details: [{ path: "_data", message: "Unknown query parameter" }],
      });
    }
    // The API answers JSON, never Remix's `.data`; and Remix's splat cannot match an encoded control character.
    if (isApiPath(url) && (url!.pathname.endsWith(".data") || /%(?:[01][0-9a-f]|7f)/i.test(url!.pathname))) {
      return sendError(res, req.originalUrl, { status: 404, code: "NOT_FOUND", message: "No such endpoint; see GET /v1/openapi.json" });
    }
    // Single fetch loads with GET and submits with POST; it takes a HEAD for a submission and fails.
    if (url?.pathname.endsWith(".data") && req.method === "HEAD") {
      return res.status(405).set({ Allow: "GET, POST", "Cache-Control": "no-store" }).end();
    }
    next();
  },
  // Remix refuses a page's form post whose Origin is not this host (its CSRF check), with a 500.
  (req, res, next) => {
    const origin = req.get("origin");
    const pathname = routedUrl(req.originalUrl)?.pathname ?? "";
    if (req.method !== "POST" || origin === undefined || (CROSS_SITE_POSTS.test(pathname) && !pathname.endsWith(".data"))) return next();
    // The host Remix compares with: the first X-Forwarded-Host, else Host.
    const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
    const originHost = origin === "null" ? origin : URL.canParse(origin) ? new URL(origin).host : undefined;
    if (originHost && originHost === host) return next();
    plain(res, 403, "Forbidden: a form post from another site");
  },
];
