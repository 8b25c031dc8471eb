import type { operations, paths } from "./openapi.js";

/**
 * Every operation of the API by its operationId, with the request the client
 * sends for it. Typed against the generated types: once they are regenerated
 * from a document with a new operation, this table (and so `npm run typecheck`)
 * fails until the client has a method for it.
 */
export const OPERATIONS = {
  createUnitCard: { method: "POST", path: "/v1/unit-cards" },
  listUnitCards: { method: "GET", path: "/v1/unit-cards" },
  getUnitCard: { method: "GET", path: "/v1/unit-cards/{id}" },
  voidUnitCard: { method: "POST", path: "/v1/unit-cards/{id}/_actions/void" },
  createUnitCardBatch: { method: "POST", path: "/v1/unit-cards/_actions/batch" },
  redeemCode: { method: "POST", path: "/v1/unit-cards/_actions/redeem" },
  validateName: { method: "GET", path: "/v1/validate-name" },
  registerName: { method: "POST", path: "/v1/names" },
  issueDigitalTwin: { method: "POST", path: "/v1/issue-digital-twin" },
  listDigitalTwins: { method: "GET", path: "/v1/digital-twins" },
  getDigitalTwin: { method: "GET", path: "/v1/digital-twins/{id}" },
  getNftMetadata: { method: "GET", path: "/v1/metadata/{file}" },
  listEvents: { method: "GET", path: "/v1/events" },
  getEvent: { method: "GET", path: "/v1/events/{id}" },
  createWebhookEndpoint: { method: "POST", path: "/v1/webhook-endpoints" },
  listWebhookEndpoints: { method: "GET", path: "/v1/webhook-endpoints" },
  getWebhookEndpoint: { method: "GET", path: "/v1/webhook-endpoints/{id}" },
  deleteWebhookEndpoint: { method: "DELETE", path: "/v1/webhook-endpoints/{id}" },
  sendWebhookTestEvent: { method: "POST", path: "/v1/webhook-endpoints/{id}/_actions/send-test" },
  listWebhookDeliveries: { method: "GET", path: "/v1/webhook-endpoints/{id}/deliveries" },
} as const satisfies Record<Exclude<keyof operations, "receiveEvent">, { method: "GET" | "POST" | "DELETE"; path: keyof paths }>;

export type OperationId = keyof typeof OPERATIONS;

/** The operation's path with its `{parameter}`s filled in (each URL-encoded). */
export function pathOf(id: OperationId, parameters: Record<string, string> = {}): string {
  return OPERATIONS[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined || value === "") throw new TypeError(`${id} needs ${name}`);
    return encodeURIComponent(value);
  });
}
