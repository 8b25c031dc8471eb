import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const SANE_ID = /^[\w.-]{1,128}$/;

/**
 * The request's id, on its response's X-Request-Id (and in its log lines): the
 * caller's own when it sent a sane one, else a new UUID. Set once per request.
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const set = res.getHeader("x-request-id");
  if (typeof set === "string") return set;
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && SANE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  return requestId;
}
