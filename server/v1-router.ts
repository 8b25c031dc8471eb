import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
// Types only: the route modules' code runs from the Remix build, never from this bundle.
import type { Outcome, PlainRequest, ServeV1 } from "../app/faces/api/v1-route.server";
import { MAX_BODY_BYTES } from "../app/faces/api/request-body.server";
import { clientAddressOf, forwardedAddressOf, type Trust } from "./client-address";
import { boundedBody } from "./bounded-body";
import { sendNodeError } from "./error-response";
import { nodeBody } from "./node-body";
import { remixRequest } from "./remix-request";
import { requestIdOf } from "./request-id";
import { requestUrl } from "./request-url";

/**
 * The /v1 routes served straight from the built route modules, on Node's own
 * request and response, in front of Express, Remix's request handler and the
 * static files (issue 14, decisions 0028 and 0046): the same loader and action
 * functions Remix would call, without Express's request and response machinery,
 * matching the app's whole route table or building Remix's router state. A
 * route made by `v1Route` is given the Node request as a `PlainRequest` and its
 * answer written as is, with no fetch Request or Response built in between; any
 * other gets the Request Remix would build. Only plain requests are taken (a
 * path of unreserved characters, no trailing slash, a route with no splat, a
 * method some /v1 route serves, a body within the limit, no `_data`): anything
 * else goes on to Express as before, whose guards and Remix keep every edge's answer.
 */
interface Route {
  /** Lower-cased static segments, or null for a parameter. */
  segments: (string | null)[];
  params: string[];
  module: ServerBuild["routes"][string]["module"];
}

type Build = ServerBuild | (() => Promise<ServerBuild>);
type Next = () => void;
export type V1Router = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

const PLAIN_PATH = /^\/v1(?:\/[A-Za-z0-9._~-]+)+$/;
// OPTIONS, and methods no route serves, are the guards' in Express (server/request-guards.ts).
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
// compression's own threshold: smaller answers go as they are, with the Vary it would have added.
const COMPRESS_FROM_BYTES = 1024;
const TOO_LARGE = { status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 1 MiB" } as const;

export function v1Router(
  build: Build,
  options: { trust: Trust; onError: (error: unknown, req: IncomingMessage, res: ServerResponse, requestId: string) => void },
): V1Router {
  // In dev, Vite hands over the build anew on every request (its own cache, a new module after a change):
  // the route table is made once per build it returns.
  const tables = new WeakMap<ServerBuild, Route[]>();
  const routesOf = (current: ServerBuild) => {
    let routes = tables.get(current);
    if (!routes) tables.set(current, (routes = v1Routes(current)));
    return routes;
  };
  const served = typeof build === "function" ? null : routesOf(build);
  const compress = compression();

  return (req, res, next) => {
    const target = req.url ?? "";
    if (!ROUTED_METHODS.has(req.method ?? "") || !/^\/v1\//i.test(target)) return next();
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return next();
    // The URL the route gets; its path is the one Remix would route (`..` and `%2e%2e` resolved).
    let url: URL;
    try {
      url = requestUrl(req, options.trust);
    } catch {
      return next(); // A junk Host: Express answers it.
    }
    const { pathname } = url;
    if (!PLAIN_PATH.test(pathname) || pathname.endsWith(".data") || url.searchParams.has("_data")) return next();
    if (served) return route(served, pathname, url, req, res, next);
    (build as () => Promise<ServerBuild>)().then(
      (current) => route(routesOf(current), pathname, url, req, res, next),
      (error: unknown) => options.onError(error, req, res, requestIdOf(req, res)),
    );
  };

  function route(routes: Route[], pathname: string, url: URL, req: IncomingMessage, res: ServerResponse, next: Next) {
    const matched = match(routes, pathname.slice(1).split("/"));
    const head = req.method === "HEAD";
    const handler = matched && (req.method === "GET" || head ? matched.route.module.loader : matched.route.module.action);
    if (!matched || !handler) return next();
    const requestId = requestIdOf(req, res);
    const failed = (error: unknown) => options.onError(error, req, res, requestId);
    const serve = (handler as { serve?: ServeV1 }).serve;
    if (serve) {
      serve(plainRequest(req, url), matched.params, clientAddressOf(req, options.trust))
        .then((outcome) => sendOutcome(outcome, req, res, head))
        .catch(failed);
      return;
    }
    void (async () => {
      const context: AppLoadContext = {
        requestId,
        clientAddress: clientAddressOf(req, options.trust),
        forwardedAddress: forwardedAddressOf(req, options.trust),
      };
      let response: unknown;
      // The body within the limit (a declared length over it never comes here), as Remix's routes read it.
      const body = head || req.method === "GET" ? undefined : boundedBody(req, MAX_BODY_BYTES);
      try {
        response = await handler({ request: remixRequest(req, res, url, body), params: matched.params, context });
      } catch (thrown) {
        // A thrown Response is the answer, marked as Remix marks it; anything else is the error handler's 500.
        if (!(thrown instanceof Response)) return failed(thrown);
        thrown.headers.set("X-Remix-Catch", "yes");
        response = thrown;
      } finally {
        body?.release();
      }
      if (body?.overflowed()) return sendNodeError(res, TOO_LARGE);
      if (!(response instanceof Response)) return failed(new Error(`${pathname}: a /v1 route answered something other than a Response`));
      await send(response, req, res, head);
    })().catch(failed);
  }

  /** The route's outcome as written; compressed as the `compression` middleware would (over 1 KiB, when accepted). */
  function sendOutcome({ status, body, headers }: Outcome, req: IncomingMessage, res: ServerResponse, head: boolean) {
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (head || Buffer.byteLength(body) < COMPRESS_FROM_BYTES || !req.headers["accept-encoding"]) {
      res.setHeader("Vary", "Accept-Encoding");
      res.end(head ? undefined : body);
      return;
    }
    compress(req as never, res as never, () => res.end(body));
  }

  /** The route's Response onto Node's, as Remix's adapter writes it (no body for HEAD, as Remix drops it). */
  async function send(response: Response, req: IncomingMessage, res: ServerResponse, head: boolean) {
    res.statusMessage = response.statusText;
    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("set-cookie", cookies);
    const body = head || !response.body ? undefined : Buffer.from(await response.arrayBuffer());
    compress(req as never, res as never, () => res.end(body));
  }
}

/** The build's /v1 routes, static segments before parameters (Remix's ranking for these paths). */
function v1Routes(build: ServerBuild): Route[] {
  return (
    Object.values(build.routes)
      // Resource routes only (no component, no error boundary), as Remix tells them apart.
      .filter((route) => route.parentId === "root" && route.path && /^v1\//i.test(route.path) && !route.path.includes("*"))
      .filter((route) => route.module.default == null && route.module.ErrorBoundary == null)
      .map((route) => {
        const parts = route.path!.split("/");
        return {
          segments: parts.map((part) => (part.startsWith(":") ? null : part.toLowerCase())),
          params: parts.flatMap((part) => (part.startsWith(":") ? [part.slice(1)] : [])),
          module: route.module,
        };
      })
      .sort((a, b) => a.params.length - b.params.length)
  );
}

function match(routes: Route[], parts: string[]) {
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const values: string[] = [];
    const fits = route.segments.every((segment, i) => {
      if (segment === null) return values.push(parts[i]!) > 0;
      return segment === parts[i]!.toLowerCase();
    });
    if (fits) return { route, params: Object.fromEntries(route.params.map((name, i) => [name, values[i]])) };
  }
  return null;
}

function plainRequest(req: IncomingMessage, url: URL): PlainRequest {
  return {
    method: req.method ?? "GET",
    url,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return (Array.isArray(value) ? value.join(", ") : value) || null;
    },
    body: () => nodeBody(req),
  };
}
