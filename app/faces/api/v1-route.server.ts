import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { authenticateApiKey } from "~/domain/api-keys.server";
import { once, requestFingerprint, type WorkResult } from "~/domain/idempotency.server";
import { RateLimit } from "~/lib/rate-limit";
import { wiredRateBuckets } from "~/domain/stores";
import { ApiError, errorBody, httpFailure } from "./errors";
import { bodyText, parseJsonBody, readBodyBytes } from "./request-body.server";

type Method = "GET" | "POST" | "DELETE";

/**
 * A /v1 request as the route reads it, whoever received it: Remix's fetch
 * Request, or the lean /v1 router's Node request (server/v1-router.ts), which
 * skips building a fetch Request and Response on the API's hot path (issue 14).
 */
export interface PlainRequest {
  method: string;
  url: URL;
  /** A header's value; null when absent or empty. */
  header(name: string): string | null;
  /** The body's bytes, or null when over 1 MiB (`MAX_BODY_BYTES`, declared or sent). */
  body(): Promise<Uint8Array | null>;
}

/** What a /v1 route answers: the JSON body, its status and its headers. */
export interface Outcome {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Headers on every /v1 answer. */
const ANSWER_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } as const;

export interface ApiRequest {
  url: URL;
  params: Record<string, string | undefined>;
  /** The shop of the API key: every read and write is scoped to it. */
  shop: string;
  /** false for a test key (tc_test_…): it reads and writes only test data (decision 0036). */
  livemode: boolean;
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
const perKey = new RateLimit("api-key", { capacity: 100, refillPerSecond: 20 }, wiredRateBuckets);
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * Builds a /v1 resource route's handler (its loader and action): authentication, the per-key
 * rate limit, the body limit, JSON parsing, Idempotency-Key and the error
 * envelope happen here once, so handlers only parse, call the domain and answer.
 */
export function v1Route(handlers: Partial<Record<Method, Handler>>, options: V1RouteOptions = {}) {
  const serve = async (request: PlainRequest, params: Record<string, string | undefined>, clientAddress: string): Promise<Outcome> => {
    const result = await run(handlers, options, request, params, clientAddress);
    return { ...result, headers: { ...ANSWER_HEADERS, ...result.headers } };
  };
  const route = async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const result = await serve(fromFetchRequest(request), params, context.clientAddress);
    return new Response(result.body, { status: result.status, headers: result.headers });
  };
  return Object.assign(route, { serve });
}

/** The route's work without Remix, for a router that builds no fetch Request (server/v1-router.ts). */
export type ServeV1 = ReturnType<typeof v1Route>["serve"];

const fromFetchRequest = (request: Request): PlainRequest => ({
  method: request.method,
  url: new URL(request.url),
  header: (name) => request.headers.get(name) || null,
  body: () => readBodyBytes(request),
});

async function run(
  handlers: Partial<Record<Method, Handler>>,
  { admit = {} }: V1RouteOptions,
  request: PlainRequest,
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

    const url = request.url;
    const rawBody = request.method === "POST" ? bodyText(await request.body()) : "";
    const body = request.method === "POST" ? parseJsonBody(rawBody) : undefined;
    const apiRequest: ApiRequest = { url, params, shop: caller.shop, livemode: caller.livemode, body, clientAddress };
    const work = () => execute(handler, apiRequest);
    const admission = async () => admit[method]?.(apiRequest);

    const idempotencyKey = request.header("idempotency-key");
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
    const outcome = await once({ shop: caller.shop, livemode: caller.livemode }, idempotencyKey, fingerprint, work, admission);
    return outcome.replayed
      ? { status: outcome.status, body: outcome.body, headers: { "Idempotent-Replayed": "true" } }
      : withHeaders(outcome);
  } catch (error) {
    return failure(error);
  }
}

async function authenticate(request: PlainRequest) {
  const header = request.header("authorization") ?? "";
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
  return {
    status: failed.status,
    body: JSON.stringify(errorBody(failed.code, failed.message, failed.details)),
    headers: { ...headers, ...failed.headers },
  };
}
