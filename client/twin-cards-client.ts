// A typed client for the /v1 API: fetch-based, every response checked against
// the same zod schemas the server validates with. Usable from any Node 20+ or
// browser code; it imports no server module.
import { z } from "zod";
import type { ApiErrorCode as ErrorCode, ErrorDetail } from "~/faces/api/errors";
import {
  digitalTwin,
  event,
  nameRecord,
  webhookEndpoint,
  type createWebhookEndpointInput,
  type EventType,
  nameValidation,
  unitCard,
  type createBatchInput,
  type createCardInput,
  type issueTwinInput,
  type redeemInput,
  type voidCardInput,
  type registerNameInput,
} from "~/domain/schemas";

export type CreateCardInput = z.input<typeof createCardInput>;
export type CreateBatchInput = z.input<typeof createBatchInput>;
export type RedeemInput = z.input<typeof redeemInput>;
export type VoidCardInput = z.input<typeof voidCardInput>;
export type RegisterNameInput = z.input<typeof registerNameInput>;
export type IssueTwinInput = z.input<typeof issueTwinInput>;
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;
export type TwinCardsEvent = z.output<typeof event>;

export interface ListEventsQuery {
  /** Only events of this type. */
  type?: EventType;
  cursor?: string;
  limit?: number;
}

/**
 * Whether a webhook request is genuinely from Twin Cards: `header` is its
 * Twin-Cards-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`),
 * `rawBody` the body exactly as received, `secret` the endpoint's whsec_… secret.
 * Timestamps more than `toleranceSeconds` away from now are refused (replays).
 * Web Crypto, so it runs in Node 20+, Deno, Bun and edge runtimes alike.
 */
export async function verifyWebhookSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): Promise<boolean> {
  const parts = (header ?? "").split(",").map((part) => part.trim());
  const timestamp = Number(parts.find((part) => part.startsWith("t="))?.slice(2));
  const signatures = parts.filter((part) => part.startsWith("v1=")).map((part) => part.slice(3).toLowerCase());
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs((options.now ?? Date.now()) / 1000 - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${rawBody}`)));
  const expected = [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  // Compared in full whatever differs first: no timing hint of how much matched.
  const same = (given: string) => given.length === expected.length && [...given].reduce((diff, char, index) => diff | (char.charCodeAt(0) ^ expected.charCodeAt(index)), 0) === 0;
  return signatures.some(same);
}
export interface ListCardsQuery {
  owner?: string;
  status?: "PENDING_REDEMPTION" | "OWNED";
  cursor?: string;
  limit?: number;
}
export interface ListTwinsQuery {
  /** Only twins of this universal name (its uns_name_id). */
  name_id?: string;
  /** Only twins issued to this public key. */
  public_key?: string;
  cursor?: string;
  limit?: number;
}
export interface RequestOptions {
  idempotencyKey?: string;
}

/** A /v1 error response, with the API's code, the HTTP status and the offending fields. */
export class TwinCardsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "UNEXPECTED_RESPONSE",
    message: string,
    readonly details: ErrorDetail[],
    readonly requestId: string | null,
    /** Seconds to wait, from Retry-After (429 only). */
    readonly retryAfter: number | null,
  ) {
    super(message);
    this.name = "TwinCardsApiError";
  }
}

const errorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
});

const dataEnvelope = z.object({ data: z.unknown() });

export class TwinCardsClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? fetch;
  }

  createCard(input: CreateCardInput, options?: RequestOptions) {
    return this.request("POST", "/v1/unit-cards", unitCard, input, options);
  }

  createCards(input: CreateBatchInput, options?: RequestOptions) {
    return this.request("POST", "/v1/unit-cards/_actions/batch", z.array(unitCard), input, options);
  }

  redeem(input: RedeemInput, options?: RequestOptions) {
    return this.request("POST", "/v1/unit-cards/_actions/redeem", z.array(unitCard), input, options);
  }

  /** Voids a card still waiting to be claimed; idempotent. CONFLICT (409) for an owned card. */
  voidCard(id: string, input: VoidCardInput = {}, options?: RequestOptions) {
    return this.request("POST", `/v1/unit-cards/${encodeURIComponent(id)}/_actions/void`, unitCard, input, options);
  }

  getCard(id: string) {
    return this.request("GET", `/v1/unit-cards/${encodeURIComponent(id)}`, unitCard);
  }

  /** One page, newest first; pass `nextCursor` back as `cursor` for the next. */
  listCards(query: ListCardsQuery = {}) {
    return this.page("/v1/unit-cards", unitCard, query);
  }

  /** Async generator over every card matching `query`, page by page. */
  async *allCards(query: Omit<ListCardsQuery, "cursor"> = {}) {
    let cursor: string | undefined;
    do {
      const page = await this.listCards({ ...query, cursor });
      yield* page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  validateName(name: string) {
    return this.request("GET", `/v1/validate-name?${new URLSearchParams({ name })}`, nameValidation);
  }

  registerName(input: RegisterNameInput, options?: RequestOptions) {
    return this.request("POST", "/v1/names", nameRecord, input, options);
  }

  issueDigitalTwin(input: IssueTwinInput, options?: RequestOptions) {
    return this.request("POST", "/v1/issue-digital-twin", digitalTwin, input, options);
  }

  getDigitalTwin(id: string) {
    return this.request("GET", `/v1/digital-twins/${encodeURIComponent(id)}`, digitalTwin);
  }

  /** One page of this shop's twins, newest first; pass `nextCursor` back as `cursor` for the next. */
  listTwins(query: ListTwinsQuery = {}) {
    return this.page("/v1/digital-twins", digitalTwin, query);
  }

  /** Async generator over every twin matching `query`, page by page. */
  async *allTwins(query: Omit<ListTwinsQuery, "cursor"> = {}) {
    let cursor: string | undefined;
    do {
      const page = await this.listTwins({ ...query, cursor });
      yield* page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** One page of this shop's events of the last 30 days, newest first; pass `nextCursor` back as `cursor` for the next. */
  listEvents(query: ListEventsQuery = {}) {
    return this.page("/v1/events", event, query);
  }

  getEvent(id: string) {
    return this.request("GET", `/v1/events/${encodeURIComponent(id)}`, event);
  }

  /** Registers a webhook endpoint; the answer's `secret` is shown this once. */
  createWebhookEndpoint(input: CreateWebhookEndpointInput, options?: RequestOptions) {
    return this.request("POST", "/v1/webhook-endpoints", webhookEndpoint, input, options);
  }

  listWebhookEndpoints() {
    return this.request("GET", "/v1/webhook-endpoints", z.array(webhookEndpoint));
  }

  getWebhookEndpoint(id: string) {
    return this.request("GET", `/v1/webhook-endpoints/${encodeURIComponent(id)}`, webhookEndpoint);
  }

  deleteWebhookEndpoint(id: string) {
    return this.request("DELETE", `/v1/webhook-endpoints/${encodeURIComponent(id)}`, z.object({ id: z.string(), deleted: z.literal(true) }));
  }

  private async page<T extends z.ZodType>(path: string, item: T, query: object) {
    const params = new URLSearchParams(
      Object.entries(query).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]),
    );
    const { body } = await this.send("GET", `${path}?${params}`);
    return parseResponse(z.object({ data: z.array(item), nextCursor: z.string().nullable() }), body);
  }

  private async request<T extends z.ZodType>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    schema: T,
    input?: unknown,
    options?: RequestOptions,
  ): Promise<z.output<T>> {
    const { body } = await this.send(method, path, input, options);
    return parseResponse(schema, parseResponse(dataEnvelope, body).data);
  }

  private async send(method: string, path: string, input?: unknown, options?: RequestOptions) {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: "application/json" };
    if (input !== undefined) headers["Content-Type"] = "application/json";
    if (options?.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    const response = await this.fetchImpl(this.baseUrl + path, {
      method,
      headers,
      body: input === undefined ? undefined : JSON.stringify(input),
    });
    const requestId = response.headers.get("x-request-id");
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new TwinCardsApiError(response.status, "UNEXPECTED_RESPONSE", `Not JSON: ${text.slice(0, 200)}`, [], requestId, null);
    }
    if (!response.ok) {
      const parsed = errorEnvelope.safeParse(body);
      const retryAfter = response.headers.get("retry-after");
      if (!parsed.success) {
        throw new TwinCardsApiError(response.status, "UNEXPECTED_RESPONSE", `HTTP ${response.status}`, [], requestId, null);
      }
      const { code, message, details } = parsed.data.error;
      throw new TwinCardsApiError(response.status, code as ErrorCode, message, details, requestId, retryAfter ? Number(retryAfter) : null);
    }
    return { body, requestId };
  }
}

function parseResponse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new TwinCardsApiError(200, "UNEXPECTED_RESPONSE", `Response does not match the API schema: ${result.error.message}`, [], null, null);
  }
  return result.data;
}
