import { authenticate } from "~/adapters/shopify/shopify-app.server";
import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { once, requestFingerprint } from "~/domain/idempotency.server";
import { httpFailure } from "~/faces/api/errors";

/** What Shopify Flow POSTs to an action's runtime URL (the fields the action uses). */
interface FlowActionRequest {
  shopify_domain: string;
  action_run_id: string;
  handle?: string;
  properties?: Record<string, unknown>;
}

/** An action's work, given the verified shop, the action's fields and the shop's Admin API. */
export type FlowActionWork = (shop: string, properties: unknown, graphql: GraphqlClient) => Promise<{ message: string; data: unknown }>;

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * The one way a Flow action is answered (decision 0049): Flow's HMAC verified by the
 * Shopify library (a forged or missing one is 401, before anything is read), the action run
 * done once per `action_run_id` (a replay answers what the first run answered and does nothing
 * more), and every refusal a JSON `message` Flow shows the merchant. The work is done while
 * Flow waits: issuing one card is one short transaction, well within Flow's time limit.
 */
export async function answerFlowAction(request: Request, handle: string, work: FlowActionWork): Promise<Response> {
  let verified: Awaited<ReturnType<typeof authenticate.flow>>;
  // Kept to tell a body the library could not read from a fault of ours: it parses the body
  // only once the signature is verified, and reads its shopify_domain without a check.
  const body =
    request.method === "POST"
      ? request
          .clone()
          .text()
          .catch(() => "")
      : Promise.resolve("");
  try {
    verified = await authenticate.flow(request);
  } catch (error) {
    if (error instanceof Response && error.status === 405) return json(405, { message: "Use POST on this path" });
    if (error instanceof Response)
      return json(401, { message: "This request is not signed by Shopify Flow for a shop that has the app installed" });
    if (!isJsonObject(await body))
      return json(400, {
        message: "The request body must be a JSON object (shopify_domain, action_run_id, properties), as Shopify Flow sends it",
      });
    throw error;
  }
  const { session, admin } = verified;
  const payload = verified.payload as FlowActionRequest;
  if (typeof payload.action_run_id !== "string" || payload.action_run_id.length === 0 || payload.action_run_id.length > 200)
    return json(400, { message: "action_run_id: Flow's action run id is required" });
  try {
    const result = await once(
      { shop: session.shop, livemode: true },
      `flow:${payload.action_run_id}`,
      requestFingerprint("flow", handle, JSON.stringify(payload.properties ?? {})),
      async () => {
        const done = await work(session.shop, payload.properties ?? {}, admin.graphql);
        return { status: 200, body: JSON.stringify({ message: done.message, data: done.data }), keep: true };
      },
    );
    return new Response(result.body, {
      status: result.status,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...(result.replayed ? { "Flow-Replayed": "true" } : {}) },
    });
  } catch (error) {
    const failure = httpFailure(error, `the Flow action ${handle}`);
    return json(failure.status, { message: failure.message, error: { code: failure.code, details: failure.details } });
  }
}
