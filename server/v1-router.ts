import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, NextFunction, RequestHandler, Response as ExpressResponse } from "express";
// Types only: the route modules' code runs from the Remix build, never from this bundle.
import type { Outcome, PlainRequest, ServeV1 } from "../app/faces/api/v1-route.server";
import { routedUrl } from "./error-response";
import { nodeBody } from "./node-body";
import { remixRequest, requestUrl } from "./remix-request";

/**
 * The /v1 routes served straight from the built route modules, in front of
 * Remix's request handler and the static files (issue 14, decision 0028): the
 * same loader and action functions Remix would call, without matching the app's
 * whole route table, building Remix's router state and stat'ing the disk first.
 * A route made by `v1Route` is given the Node request as a `PlainRequest` and
 * its answer written as is, with no fetch Request or Response built in between;
 * any other gets the Request Remix would build. Only plain paths are taken (unreserved
 * characters, no trailing slash, a route with no splat); anything else goes on to
 * Remix as before, so every edge keeps its answer.
 */
interface Route {
  /** Lower-cased static segments, or null for a parameter. */
  segments: (string | null)[];
  params: string[];
  module: ServerBuild["routes"][string]["module"];
}

const PLAIN_PATH = /^\/v1(?:\/[A-Za-z0-9._~-]+)+$/;

export function v1Router(
  build: ServerBuild | (() => Promise<ServerBuild>),
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  // In dev, Vite hands over the build anew on every request (its own cache, a new module after a change):
  // the route table is made once per build it returns.
  const tables = new WeakMap<ServerBuild, Route[]>();
  const routesOf = (current: ServerBuild) => {
    let routes = tables.get(current);
    if (!routes) tables.set(current, (routes = v1Routes(current)));
    return routes;
  };
  const served = typeof build === "function" ? null : routesOf(build);
  return (req, res, next) => {
    if (req.method === "OPTIONS" || !/^\/v1\//i.test(req.originalUrl)) return next();
    const url = routedUrl(req.originalUrl);
    if (!url || !PLAIN_PATH.test(url.pathname) || url.pathname.endsWith(".data")) return next();
    if (served) return route(served, url.pathname, req, res, next);
    (build as () => Promise<ServerBuild>)().then((current) => route(routesOf(current), url.pathname, req, res, next), next);
  };

  function route(routes: Route[], pathname: string, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const matched = match(routes, pathname.slice(1).split("/"));
    const handler = matched && (req.method === "GET" || req.method === "HEAD" ? matched.route.module.loader : matched.route.module.action);
    if (!matched || !handler) return next();
    const serve = (handler as { serve?: ServeV1 }).serve;
    if (serve) {
      void (async () => {
        const outcome = await serve(plainRequest(req), matched.params, getLoadContext(req, res).clientAddress);
        sendOutcome(res, outcome, req.method === "HEAD");
      })().catch(next);
      return;
    }
    void (async () => {
      const request = remixRequest(req, res);
      let response: unknown;
      try {
        response = await handler({ request, params: matched.params, context: getLoadContext(req, res) });
      } catch (thrown) {
        // A thrown Response is the answer, marked as Remix marks it; anything else is the error handler's 500.
        if (!(thrown instanceof Response)) return next(thrown);
        thrown.headers.set("X-Remix-Catch", "yes");
        response = thrown;
      }
      if (!(response instanceof Response)) return next(new Error(`${pathname}: a /v1 route answered something other than a Response`));
      await send(res, response, req.method === "HEAD");
    })().catch(next);
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

function plainRequest(req: ExpressRequest): PlainRequest {
  return {
    method: req.method,
    url: requestUrl(req),
    header: (name) => req.get(name) || null,
    body: () => nodeBody(req),
  };
}

function sendOutcome(res: ExpressResponse, { status, body, headers }: Outcome, head: boolean) {
  res.status(status);
  res.set(headers);
  res.end(head ? undefined : body);
}

/** The route's Response onto Express's, as Remix's adapter writes it (no body for HEAD, as Remix drops it). */
async function send(res: ExpressResponse, response: Response, head: boolean) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  const body = head || !response.body ? undefined : Buffer.from(await response.arrayBuffer());
  res.end(body);
}
