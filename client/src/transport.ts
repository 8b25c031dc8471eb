import { ConnectionError, TwinCardsError, errorClassFor } from "./errors.js";
import { RETRY_STATUSES, backoffMs, retryAfterMs, sleep } from "./retry.js";
import type { ErrorDetail } from "./types.js";

export interface ClientOptions {
  /** A shop's API key (tc_…). */
  apiKey: string;
  /** The app's address, e.g. `https://twin-cards.example.com` (a trailing `/v1` is accepted too). */
  baseUrl: string;
  /** Retries after a network error, a timeout, 429 or 503; default 2 (so at most 3 attempts). 0 turns retrying off. */
  maxRetries?: number;
  /** How long one attempt may take, answer included; default 60 000 ms. */
  timeoutMs?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown at once. Default 60 000 ms. */
  maxRetryDelayMs?: number;
  /** The fetch to use; default the global one (Node 20+, browsers, Deno, Bun, workers). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Aborts the call, retries and waits included. */
  signal?: AbortSignal;
}

export interface WriteOptions extends RequestOptions {
  /**
   * Sent as Idempotency-Key. Every POST sends one: yours, or one generated for
   * the call. Every retry of the call sends the same, so a write is made once
   * even when an answer was lost. Pass your own to make a retry safe across
   * process restarts (e.g. your order id).
   */
  idempotencyKey?: string;
}

export interface Call extends WriteOptions {
  method: "GET" | "POST" | "DELETE";
  /** From the origin, e.g. /v1/unit-cards. */
  path: string;
  query?: object;
  body?: unknown;
}

const DEFAULTS = { maxRetries: 2, timeoutMs: 60_000, maxRetryDelayMs: 60_000 };

/** Sends calls to the API: authentication, Idempotency-Key, retries, and answers turned into data or errors. */
export class Transport {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryDelayMs: number;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError("TwinCardsClient needs an apiKey");
    if (!options.baseUrl) throw new TypeError("TwinCardsClient needs a baseUrl");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
    this.apiKey = options.apiKey;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.maxRetries = options.maxRetries ?? DEFAULTS.maxRetries;
    this.timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs;
  }

  /** The parsed JSON body of the call's successful answer; throws a TwinCardsError otherwise. */
  async send(call: Call): Promise<unknown> {
    const url = this.baseUrl + call.path + queryString(call.query);
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: "application/json" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.method === "POST") headers["Idempotency-Key"] = call.idempotencyKey ?? globalThis.crypto.randomUUID();
    const init: RequestInit = { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
    // A DELETE that got no answer may have been done: repeating it would answer 404 for a success.
    const retriesWithoutAnswer = call.method !== "DELETE";

    for (let attempt = 0; ; attempt++) {
      const retryLeft = attempt < this.maxRetries;
      let answer: { response: Response; text: string };
      try {
        answer = await this.attempt(url, init, call.signal);
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        if (retryLeft && retriesWithoutAnswer) {
          await sleep(backoffMs(attempt), call.signal);
          continue;
        }
        throw new ConnectionError({
          status: 0,
          code: "CONNECTION_FAILED",
          message: `No answer from ${call.method} ${url}: ${describe(error)}`,
          cause: error,
        });
      }
      if (retryLeft && RETRY_STATUSES.has(answer.response.status)) {
        const wait = retryAfterMs(answer.response.headers.get("retry-after")) ?? backoffMs(attempt);
        if (wait <= this.maxRetryDelayMs) {
          await sleep(wait, call.signal);
          continue;
        }
      }
      return result(answer.response, answer.text);
    }
  }

  /** One request, its answer read whole, within timeoutMs. */
  private async attempt(url: string, init: RequestInit, signal: AbortSignal | undefined) {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await this.fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    return { response, text: await response.text() };
  }
}

function queryString(query: object | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  return entries.length ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}` : "";
}

/** An error and what caused it, e.g. "TypeError: fetch failed (connect ECONNREFUSED 127.0.0.1:9)". */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.name}: ${error.message}${cause}`;
}

/** The body of a 2xx answer, or the error an answer stands for. */
function result(response: Response, text: string): unknown {
  const requestId = response.headers.get("x-request-id");
  const body = parseJson(text);
  if (response.ok) {
    if (body === undefined) {
      throw new TwinCardsError({
        status: response.status,
        code: "UNEXPECTED_RESPONSE",
        message: `Expected JSON, got: ${text.slice(0, 200)}`,
        requestId,
      });
    }
    return body;
  }
  const wait = retryAfterMs(response.headers.get("retry-after"));
  const retryAfter = wait === null ? null : Math.ceil(wait / 1000);
  const error = envelope(body);
  if (!error) {
    throw new TwinCardsError({
      status: response.status,
      code: "UNEXPECTED_RESPONSE",
      message: `HTTP ${response.status}: ${text.slice(0, 200)}`,
      requestId,
      retryAfter,
    });
  }
  const ErrorClass = errorClassFor(response.status);
  throw new ErrorClass({ status: response.status, ...error, requestId, retryAfter });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The API's error envelope's contents, or null when the body is something else (e.g. a proxy's page). */
function envelope(body: unknown): { code: TwinCardsError["code"]; message: string; details: ErrorDetail[] } | null {
  const error = (body as { error?: unknown } | undefined)?.error as Record<string, unknown> | undefined;
  if (typeof error?.code !== "string" || typeof error.message !== "string") return null;
  const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
  return { code: error.code as TwinCardsError["code"], message: error.message, details };
}
