import { TwinCardsError } from "./errors.js";
import { OPERATIONS, pathOf, type OperationId } from "./operations.js";
import { PageRequest } from "./pagination.js";
import type { RequestOptions, Transport, WriteOptions } from "./transport.js";
import type {
  CreateUnitCardBatchInput,
  CreateUnitCardInput,
  CreateWebhookEndpointInput,
  DataOf,
  IssueDigitalTwinInput,
  ListDigitalTwinsQuery,
  ListEventsQuery,
  ListUnitCardsQuery,
  ListWebhookDeliveriesQuery,
  NftMetadata,
  Page,
  RedeemInput,
  RegisterNameInput,
  SuccessOf,
  VoidCardInput,
} from "./types.js";

interface Send {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  options?: WriteOptions;
}

/** What every resource shares: calling an operation by its id, and reading the answer's envelope. */
abstract class Resource {
  constructor(private readonly transport: Transport) {}

  /** The operation's answer, parsed. */
  protected call(id: OperationId, { params, query, body, options = {} }: Send = {}): Promise<unknown> {
    return this.transport.send({ method: OPERATIONS[id].method, path: pathOf(id, params), query, body, ...options });
  }

  /** The `data` of the operation's answer. */
  protected async data<K extends OperationId>(id: K, send?: Send): Promise<DataOf<K>> {
    const body = await this.call(id, send);
    if (body === null || typeof body !== "object" || !("data" in body)) throw unexpected(`${id}: the answer has no data`);
    return body.data as DataOf<K>;
  }

  /** A list operation as a PageRequest: one page when awaited, every item when iterated. */
  protected paged<K extends OperationId, T = DataOf<K> extends (infer Item)[] ? Item : never>(
    id: K,
    { cursor, ...query }: { cursor?: string },
    options?: RequestOptions,
    params?: Record<string, string>,
  ): PageRequest<T> {
    return new PageRequest<T>(async (next) => {
      const page = (await this.call(id, { params, query: { ...query, cursor: next }, options })) as Partial<Page<T>> | null;
      if (!Array.isArray(page?.data) || page.nextCursor === undefined) throw unexpected(`${id}: the answer is not a page`);
      return { data: page.data, nextCursor: page.nextCursor };
    }, cursor);
  }
}

const unexpected = (message: string) => new TwinCardsError({ status: 200, code: "UNEXPECTED_RESPONSE", message });

/** Unit cards: by redemption code or by owner, one or a batch; redeem, void, get, list. */
export class Cards extends Resource {
  /** One card: `phone`/`email` (a redemption code is sent to them and returned once, in `redemption.code`) or `owner` + `publicKey`. */
  create(input: CreateUnitCardInput, options?: WriteOptions) {
    return this.data("createUnitCard", { body: input, options });
  }

  /** Up to 500 cards sharing one redemption code or one owner, all or nothing; in input order. */
  createBatch(input: CreateUnitCardBatchInput, options?: WriteOptions) {
    return this.data("createUnitCardBatch", { body: input, options });
  }

  /** Claims every card of a redemption code, once. */
  redeem(input: RedeemInput, options?: WriteOptions) {
    return this.data("redeemCode", { body: input, options });
  }

  /** Voids a card still waiting to be claimed; idempotent. ConflictError for an owned card. */
  void(id: string, input: VoidCardInput = {}, options?: WriteOptions) {
    return this.data("voidUnitCard", { params: { id }, body: input, options });
  }

  get(id: string, options?: RequestOptions) {
    return this.data("getUnitCard", { params: { id }, options });
  }

  /** Newest first. `await` it for one page, or `for await` over it for every card. */
  list(query: ListUnitCardsQuery = {}, options?: RequestOptions) {
    return this.paged("listUnitCards", query, options);
  }
}

/** Universal names: register one for a wallet key, validate one before issuing a twin to it. */
export class Names extends Resource {
  register(input: RegisterNameInput, options?: WriteOptions) {
    return this.data("registerName", { body: input, options });
  }

  /** Step 1 of issuing a twin: `payload.uns_name_id` and `payload.public_key` go to `twins.issue` as `name_id` and `public_key`. */
  validate(name: string, options?: RequestOptions) {
    return this.data("validateName", { query: { name }, options });
  }
}

/** Digital twins: issue one to a validated name, get, list. */
export class Twins extends Resource {
  /** Step 2 of issuing: a twin of a product, to the name `names.validate` returned. */
  issue(input: IssueDigitalTwinInput, options?: WriteOptions) {
    return this.data("issueDigitalTwin", { body: input, options });
  }

  get(id: string, options?: RequestOptions) {
    return this.data("getDigitalTwin", { params: { id }, options });
  }

  /** Newest first, filtered by exact `name_id` and `public_key`. `await` it for one page, or `for await` over it for every twin. */
  list(query: ListDigitalTwinsQuery = {}, options?: RequestOptions) {
    return this.paged("listDigitalTwins", query, options);
  }
}

/** The shop's events of the last 30 days. */
export class Events extends Resource {
  get(id: string, options?: RequestOptions) {
    return this.data("getEvent", { params: { id }, options });
  }

  /** Newest first. `await` it for one page, or `for await` over it for every event. */
  list(query: ListEventsQuery = {}, options?: RequestOptions) {
    return this.paged("listEvents", query, options);
  }
}

/** Where events are POSTed, signed (see verifyWebhookSignature). */
export class WebhookEndpoints extends Resource {
  /** The answer's `secret` (whsec_…) is shown this once: keep it to verify deliveries. */
  create(input: CreateWebhookEndpointInput, options?: WriteOptions) {
    return this.data("createWebhookEndpoint", { body: input, options });
  }

  /** Every endpoint of the shop (at most 16), newest first; never their secrets. */
  list(options?: RequestOptions) {
    return this.data("listWebhookEndpoints", { options });
  }

  get(id: string, options?: RequestOptions) {
    return this.data("getWebhookEndpoint", { params: { id }, options });
  }

  /** Deletes it and the deliveries not yet sent. */
  delete(id: string, options?: RequestOptions) {
    return this.data("deleteWebhookEndpoint", { params: { id }, options });
  }

  /** Queues one webhook_endpoint.test event to this endpoint alone; answers its delivery (follow it with `deliveries`). */
  sendTest(id: string, options?: WriteOptions) {
    return this.data("sendWebhookTestEvent", { params: { id }, body: {}, options });
  }

  /** What became of each event sent to it: status, attempts, the status answered, the next attempt. Newest first; `for await` for every one. */
  deliveries(id: string, query: ListWebhookDeliveriesQuery = {}, options?: RequestOptions) {
    return this.paged("listWebhookDeliveries", query, options, { id });
  }
}

/** NFTs' public metadata, as wallets read it (no key needed, but sending one does no harm). */
export class NftMetadataFiles extends Resource {
  /** `nftId` is a chain state's NFT id (nft_…), as in `chain.metadataUrl`. */
  async get(nftId: string, options?: RequestOptions): Promise<NftMetadata> {
    return (await this.call("getNftMetadata", { params: { file: `${nftId}.json` }, options })) as SuccessOf<"getNftMetadata">;
  }
}
