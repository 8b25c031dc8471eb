import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { boundedBody } from "./bounded-body";
import type { Trust } from "./client-address";
import { remixRequest } from "./remix-request";
import { requestUrl } from "./request-url";

/**
 * Remix's request handler for Express — what @remix-run/express's
 * createRequestHandler does (the request Remix's adapter builds, the Response
 * written back) — with the body a route reads bounded (server/bounded-body.ts):
 * a client that sends more than `bodyLimit(req)` gets `tooLarge`'s answer,
 * whatever the route made of its failed read, and a body a route left unread is
 * dropped once it has answered, so the client can finish sending and read it.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  trust: Trust;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  bodyLimit: (req: ExpressRequest) => number;
  tooLarge: (req: ExpressRequest, res: ExpressResponse) => void;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : boundedBody(req, options.bodyLimit(req));
    try {
      const request = remixRequest(req, res, requestUrl(req, options.trust), body);
      const response = await handle(request, options.getLoadContext(req, res));
      body?.release();
      if (body?.overflowed()) {
        await response.body?.cancel();
        return options.tooLarge(req, res);
      }
      await sendResponse(res, response);
    } catch (error) {
      body?.release();
      if (body?.overflowed() && !res.headersSent) return options.tooLarge(req, res);
      next(error);
    }
  };
}

/** A Remix Response onto Express's, as Remix's adapter writes it. */
async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
