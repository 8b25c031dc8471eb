import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DomainError, fieldError } from "~/domain/errors";
import { once, requestFingerprint } from "~/domain/idempotency.server";
import { errorBody, httpFailure } from "~/faces/api/errors";
import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { domainFailure } from "~/faces/admin/action-result.server";
import { i18nServer, type Translator } from "~/faces/admin/i18n/i18n.server";
import { bodyKind, jsonResponse, notJson } from "~/faces/storefront/proxy-request.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { adminExtLanguage } from "./admin-ext-language";

type AdminContext = Awaited<ReturnType<typeof authenticate.admin>>;

/** A request from an admin UI extension: the shop its verified session token is for, and the merchant's language. */
export interface AdminExtRequest {
  request: Request;
  params: Record<string, string | undefined>;
  shop: string;
  /** The Admin API for that shop, with the app's own token. */
  graphql: AdminContext["admin"]["graphql"];
  /** The merchant's admin language, for every message the answer carries. */
  t: Translator;
}

type Handler = (request: AdminExtRequest) => Promise<Response>;

/**
 * CORS for the extension, which runs on Shopify's origin, on answers given before
 * (or without) the library's `cors`: the same headers that `cors` adds.
 */
function withCors(request: Request, response: Response): Response {
  if (!request.headers.get("Origin")) return response;
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key");
  return response;
}

const unauthenticated = (request: Request) =>
  withCors(request, jsonResponse(errorBody("UNAUTHENTICATED", "Send a valid admin session token: Authorization: Bearer <token>"), 401));

/**
 * A failure in the /v1 error envelope, in the merchant's language: a domain refusal
 * says its summary and each field's message as the app's own pages do.
 */
export function adminExtFailure(error: unknown, t: Translator): Response {
  const failure = httpFailure(error, "an admin extension request");
  if (!(error instanceof DomainError))
    return jsonResponse(errorBody(failure.code, failure.message, failure.details), failure.status, failure.headers);
  const translated = domainFailure("", t, error);
  const details = failure.details.map((detail) => ({ ...detail, message: translated.fieldErrors[detail.path] ?? detail.message }));
  return jsonResponse(errorBody(failure.code, translated.message, details), failure.status, failure.headers);
}

/**
 * Builds an `admin-ext.*` route's loader, which is its action too (OPTIONS and
 * POST reach the action). `authenticate.admin` verifies the session token the
 * admin adds to the extension's fetch (signature, times, audience; a token whose
 * issuer and destination shops differ is refused before it) and answers the CORS
 * preflight; any other request is a 401 before the handler runs, so nothing is
 * read or written. The shop comes from the token only.
 */
export function adminExtRoute(handlers: { GET?: Handler; POST?: Handler }) {
  const allow = Object.keys(handlers).join(", ");
  return async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    let context: AdminContext;
    try {
      context = await authenticate.admin(request);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      // 204 to a preflight (with its CORS headers); a refused token, or a request without one (a redirect to log in), is a 401.
      if (thrown.status === 204) return thrown;
      return unauthenticated(request);
    }
    const t = await i18nServer.getFixedT(adminExtLanguage(request));
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = handlers[method as keyof typeof handlers];
    if (!handler) {
      return context.cors(jsonResponse(errorBody("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), 405, { Allow: allow }));
    }
    let response: Response;
    try {
      response = await handler({ request, params, shop: context.session.shop, graphql: context.admin.graphql, t });
    } catch (error) {
      response = adminExtFailure(error, t);
    }
    return withCors(request, context.cors(response));
  };
}

/** A request's JSON object body (JSON Content-Type only, at most 1 MiB), or a 400. */
export async function adminExtJson(request: Request): Promise<Record<string, unknown>> {
  if (bodyKind(request) !== "json") throw notJson();
  const body = await parseJsonBody(await readBodyText(request));
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** An answer's data in the app's envelope. */
export const adminExtData = (data: unknown, status = 200) => jsonResponse({ data }, status);

/**
 * Runs a command once per `Idempotency-Key` (the extension sends one per submit,
 * so a double click issues once): a repeat gets the first answer. Without the
 * header, the command runs. Its result is answered as `data` with `status`; a
 * refusal in the error envelope, in the merchant's language.
 */
export async function adminExtCommand(
  { request, shop, t }: AdminExtRequest,
  input: unknown,
  command: () => Promise<unknown>,
  status = 201,
): Promise<Response> {
  const run = async () => {
    try {
      return adminExtData(await command(), status);
    } catch (error) {
      return adminExtFailure(error, t);
    }
  };
  const key = request.headers.get("Idempotency-Key")?.trim();
  if (!key) return run();
  if (key.length > 255) throw fieldError("Idempotency-Key", "Must be at most 255 characters");
  const fingerprint = requestFingerprint("admin-ext", new URL(request.url).pathname, JSON.stringify(input));
  const outcome = await once({ shop, livemode: true }, `admin-ext:${key}`, fingerprint, async () => {
    const response = await run();
    return { status: response.status, body: await response.text(), keep: response.status < 500 };
  });
  return new Response(outcome.body, {
    status: outcome.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A body field as text: a string trimmed, empty as undefined; anything else is left for the schema to refuse. */
export const textField = (value: unknown): unknown => (typeof value === "string" ? value.trim() || undefined : value);
