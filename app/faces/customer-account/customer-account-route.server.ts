import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorBody } from "~/faces/api/errors";
import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { serverConfig } from "~/wiring/config.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { bodyKind, jsonFailure, jsonResponse, notJson } from "~/faces/storefront/proxy-request.server";
import { customerAccountIdentity, type CustomerAccountIdentity } from "./customer-account-token";

/** A request from the customer account extension, and who sent it (from the verified session token only). */
export interface CustomerAccountRequest extends CustomerAccountIdentity {
  request: Request;
  /** The route's path parameters, as Remix matched them. */
  params: Record<string, string | undefined>;
  /** The customer's address, for redeem limits. */
  clientAddress: string;
}

type Handler = (request: CustomerAccountRequest) => Promise<Response>;

/**
 * CORS for the extension, which runs on Shopify's origin: any origin may call,
 * since a call without a valid session token gets nothing. The same headers
 * `authenticate.public.customerAccount` adds to preflights and to `cors()`;
 * failures answered before a token is verified need them too, or the
 * extension could not read the 401.
 */
function withCors(request: Request, response: Response): Response {
  if (!request.headers.get("Origin")) return response;
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
  return response;
}

const unauthenticated = (request: Request) =>
  withCors(
    request,
    jsonResponse(errorBody("UNAUTHENTICATED", "Send a valid customer account session token: Authorization: Bearer <token>"), 401),
  );

const appApiKey = () => serverConfig().SHOPIFY_API_KEY;

/**
 * Builds a `customer-account.*` route's loader, which is its action too (OPTIONS
 * and POST reach the action). The session token is verified by
 * `authenticate.public.customerAccount` (which also answers the CORS preflight),
 * its audience, shop and customer by `customerAccountIdentity`; any other request
 * is a 401 before the handler runs, so nothing is read or written. What a handler
 * throws is answered as the app proxy answers it (`jsonFailure`).
 */
export function customerAccountRoute(handlers: { GET?: Handler; POST?: Handler }) {
  const allow = Object.keys(handlers).join(", ");
  const route = async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    let verified: Awaited<ReturnType<typeof authenticate.public.customerAccount>>;
    try {
      verified = await authenticate.public.customerAccount(request);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      // 204 to a preflight (with its CORS headers), or 410 to a self-declared bot.
      if (thrown.status !== 401) return thrown;
      return unauthenticated(request);
    }
    const identity = customerAccountIdentity(verified.sessionToken, appApiKey());
    if (!identity) return unauthenticated(request);
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = handlers[method as keyof typeof handlers];
    if (!handler) {
      return verified.cors(jsonResponse(errorBody("METHOD_NOT_ALLOWED", `Use ${allow} on this path`), 405, { Allow: allow }));
    }
    let response: Response;
    try {
      response = await handler({ ...identity, request, params, clientAddress: context.clientAddress });
    } catch (error) {
      // The proxy's error envelope: a code, a message and the fields at fault.
      response = jsonFailure(error);
    }
    return verified.cors(response);
  };
  return route;
}

/** A request's JSON body (JSON Content-Type only, at most 1 MiB), or the 400 the proxy gives. */
export async function jsonBody(request: Request): Promise<unknown> {
  if (bodyKind(request) !== "json") throw notJson();
  return parseJsonBody(await readBodyText(request));
}
