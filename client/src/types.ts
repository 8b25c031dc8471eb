// Names for the generated types (openapi.ts), as the client's methods take and return them.
import type { components, operations } from "./openapi.js";

type Schemas = components["schemas"];

/** The JSON body an operation takes. */
export type RequestBody<K extends keyof operations> = operations[K] extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : never;
/** The query parameters an operation takes. */
export type QueryOf<K extends keyof operations> = operations[K] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Responses<K extends keyof operations> = operations[K]["responses"];
/** The JSON body of an operation's success (200, 201, or 202 for work queued). */
export type SuccessOf<K extends keyof operations> = Responses<K>[Extract<keyof Responses<K>, 200 | 201 | 202>] extends {
  content: { "application/json": infer J };
}
  ? J
  : never;
/** The `data` of an operation's success. */
export type DataOf<K extends keyof operations> = SuccessOf<K> extends { data: infer D } ? D : never;

export type UnitCard = Schemas["UnitCard"];
export type DigitalTwin = Schemas["DigitalTwin"];
export type ChainState = Schemas["ChainState"];
export type UniversalName = Schemas["UniversalName"];
export type NameValidation = Schemas["NameValidation"];
export type TwinCardsEvent = Schemas["Event"];
export type EventType = TwinCardsEvent["type"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookDelivery = Schemas["WebhookDelivery"];

export type CreateUnitCardInput = RequestBody<"createUnitCard">;
export type CreateUnitCardBatchInput = RequestBody<"createUnitCardBatch">;
export type RedeemInput = RequestBody<"redeemCode">;
export type VoidCardInput = RequestBody<"voidUnitCard">;
export type RegisterNameInput = RequestBody<"registerName">;
export type IssueDigitalTwinInput = RequestBody<"issueDigitalTwin">;
export type CreateWebhookEndpointInput = RequestBody<"createWebhookEndpoint">;

export type ListUnitCardsQuery = QueryOf<"listUnitCards">;
export type ListDigitalTwinsQuery = QueryOf<"listDigitalTwins">;
export type ListEventsQuery = QueryOf<"listEvents">;
export type ListWebhookDeliveriesQuery = QueryOf<"listWebhookDeliveries">;

/** An NFT's public metadata JSON (name, image, attributes…), as wallets read it. */
export type NftMetadata = Record<string, unknown>;

/** The codes of the API's error envelope. */
export type ApiErrorCode = Schemas["Error"]["error"]["code"];
/** One offending field of an error: `path` such as `cards[2].media.imageUrls[0]`, and what is wrong with it. */
export type ErrorDetail = Schemas["Error"]["error"]["details"][number];

/** One page of a list: its items, newest first, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
