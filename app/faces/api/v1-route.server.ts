import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticateApiKey } from "~/domain/api-keys.server";
import { once, requestFingerprint, type WorkResult } from "~/domain/idempotency.server";
import { RateLimit } from "~/lib/rate-limit";
import { databaseBuckets } from "~/db/rate-limit-store.server";
import { ApiError, errorBody, httpFailure } from "./errors";
import { parseJsonBody, readBodyText } from "./request-body.server";

type Method = "GET" | "POST" | "DELETE";

export interface ApiRequest {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  /** The shop of the API key: every read and write is scoped to it. */
  shop: string;
  /** The parsed JSON body (POST only). */
  body: unknown;
  clientAddress: string;
}

/** What a handler answers: `data` goes into the `{ data }` envelope, `extra` beside it. */
export interface ApiResult {
  status?: number;
  data: unknown;
  extra?: Record<string, unknown>;
}

type Handler = (req: ApiRequest) => Promise<ApiResult>;

/**
 * Counts the request against a limit before any transaction opens (a redeem
 * attempt): it counts even when the work fails and is rolled back, and a replay
 * of a stored response does not count. Throws to refuse (429).
 */
type Admission = (req: ApiRequest) => Promise<void>;

export interface V1RouteOptions {
  admit?: Partial<Record<Method, Admission>>;
}

// Per API key: 20 requests a second sustained, bursts of 100, across every replica.
const perKey = new RateLimit("api-key", { capacity: 100, refillPerSecond: 20 }, databaseBuckets);
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * Builds a /v1 resource route's handler (its loader and action): authentication, the per-key
 * rate limit, the body limit, JSON parsing, Idempotency-Key and the error
 * envelope happen here once, so handlers only parse, call the domain and answer.
 */
export function v1Route(handlers: Partial<Record<Method, Handler>>, options: V1RouteOptions = {}) {
  return async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const result = await run(handlers, options, request, params, context.clientAddress);
    return respond(result.status, result.body, result.headers);
  };
}

interface Outcome {
  status: number;
  body: string;
  headers: Record<string, string>;
}

async function run(
  handlers: Partial<Record<Method, Handler>>,
  { admit = {} }: V1RouteOptions,
  request: Request,
  params: Record<string, string | undefined>,
  clientAddress: string,
): Promise<Outcome> {
  try {
    // HEAD is GET without the body (Node drops it): the same checks, status and headers.
    const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
    const handler = handlers[method];
    if (!handler) {
      const allow = Object.keys(handlers).join(", ");
      return failure(new ApiError("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), { Allow: allow });
    }
    const caller = await authenticate(request);
    const limited = await perKey.take(caller.keyId);
    if (!limited.ok) throw new ApiError("RATE_LIMITED", "Too many requests for this API key", [], limited.retryAfterSeconds);

    const url = new URL(request.url);
    const rawBody = request.method === "POST" ? await readBodyText(request) : "";
    const body = request.method === "POST" ? parseJsonBody(rawBody) : undefined;
    const apiRequest: ApiRequest = { request, url, params, shop: caller.shop, body, clientAddress };
    const work = () => execute(handler, apiRequest);
    const admission = async () => admit[method]?.(apiRequest);

    const idempotencyKey = request.headers.get("idempotency-key");
    if (request.method !== "POST" || idempotencyKey === null) {
      await admission();
      return withHeaders(await work());
    }
    if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY) {
      throw new ApiError("VALIDATION_FAILED", "Idempotency-Key must be 1-255 characters", [
        { path: "Idempotency-Key", message: "Must be 1-255 characters" },
      ]);
    }
    const fingerprint = requestFingerprint(request.method, url.pathname, rawBody);
    const outcome = await once(caller.shop, idempotencyKey, fingerprint, work, admission);
    return outcome.replayed
      ? { status: outcome.status, body: outcome.body, headers: { "Idempotent-Replayed": "true" } }
      : withHeaders(outcome);
  } catch (error) {
    return failure(error);
  }
}

async function authenticate(request: Request) {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const caller = match ? await authenticateApiKey(match[1]!) : null;
  if (!caller) {
    throw new ApiError("UNAUTHENTICATED", match ? "The API key is not valid or was revoked" : "Send Authorization: Bearer <api key>");
  }
  return caller;
}

async function execute(handler: Handler, apiRequest: ApiRequest): Promise<WorkResult & { headers?: Record<string, string> }> {
  try {
    const { status = 200, data, extra } = await handler(apiRequest);
    return { status, body: JSON.stringify({ data, ...extra }), keep: true };
  } catch (error) {
    const { status, body, headers } = failure(error);
    return { status, body, headers, keep: status < 500 && status !== 429 };
  }
}

const withHeaders = (result: WorkResult & { headers?: Record<string, string> }): Outcome => ({
  status: result.status,
  body: result.body,
  headers: result.headers ?? {},
});

function failure(thrown: unknown, headers: Record<string, string> = {}): Outcome {
  const failed = httpFailure(thrown, "/v1");
  return { status: failed.status, body: JSON.stringify(errorBody(failed.code, failed.message, failed.details)), headers: { ...headers, ...failed.headers } };
}

function respond(status: number, body: string, headers: Record<string, string>) {
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
