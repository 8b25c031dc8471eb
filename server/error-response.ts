import type { ServerResponse } from "node:http";
import type { Response } from "express";
import type { ApiErrorCode, ErrorDetail } from "../app/faces/api/errors";

/**
 * The URL as Remix will see it: the Express adapter appends the raw target to
 * the origin, and WHATWG URL then resolves `..` and `%2e%2e`. Null when that
 * is not a URL at all.
 */
export function routedUrl(originalUrl: string): URL | null {
  try {
    return new URL(`http://localhost${originalUrl}`);
  } catch {
    return null;
  }
}

/** Remix matches routes case-insensitively, so /V1/... is the API too. */
export const isApiPath = (url: URL | null) => url !== null && /^\/v1(\/|$)/i.test(url.pathname);

export interface EarlyError {
  status: number;
  /** The /v1 error code; API paths only. */
  code: ApiErrorCode;
  message: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

/**
 * An error answered before the request reaches Remix: the /v1 error envelope
 * on API paths (the shape of app/faces/api/errors.ts), a line of plain text
 * elsewhere. Never anything about the server itself.
 */
export function sendError(res: Response, originalUrl: string, error: EarlyError) {
  const { type, text } = prepareError(res, originalUrl, error);
  res.type(type).send(text);
}

/** Sets an early error's status and headers on `res`, and returns its body and Content-Type (as `sendError` sends them). */
export function prepareError(res: Response, originalUrl: string, error: EarlyError): { type: string; text: string } {
  res.status(error.status).set({ "Cache-Control": "no-store", ...error.headers });
  if (!isApiPath(routedUrl(originalUrl))) return { type: "text/plain; charset=utf-8", text: error.message };
  const body = { error: { code: error.code, message: error.message, details: error.details ?? [] } };
  return { type: "application/json; charset=utf-8", text: JSON.stringify(body) };
}

/** An error in the /v1 envelope on Node's own response (the /v1 router's, which runs before Express). */
export function sendNodeError(res: ServerResponse, error: EarlyError) {
  const body = JSON.stringify({ error: { code: error.code, message: error.message, details: error.details ?? [] } });
  res.statusCode = error.status;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(body);
}
