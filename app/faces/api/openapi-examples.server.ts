import type { z } from "zod";
import type {
  createBatchInput,
  createCardInput,
  createWebhookEndpointInput,
  issueTwinInput,
  redeemInput,
  registerNameInput,
  sendTestEventInput,
  voidCardInput,
} from "~/domain/schemas";
import { encodeCursor } from "~/domain/schemas/cursor";
import * as example from "./openapi-example-objects.server";

const { IDS, OWNER, WALLET, CODE } = example;

/** A named example, as OpenAPI's Example Object. */
export interface Example {
  summary: string;
  value: unknown;
}

/** What one operation shows: request bodies or parameter values, and its success answer. */
export interface OperationExamples {
  /** Request bodies by name (POST). */
  requests?: Record<string, Example>;
  /** A value for each parameter, by name (path and query). */
  parameters?: Record<string, string | number>;
  /** The success answer's body. */
  response: Example;
}

const body = <S extends z.ZodType>(summary: string, value: z.input<S>): Example => ({ summary, value });

const vipPass = { name: "VIP pass", media: { imageUrls: ["https://cdn.example.com/vip.png"] } };

/** Every operation's examples, by operationId (the OpenAPI test requires one for each). */
export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  createUnitCard: {
    requests: {
      byRedemption: body<typeof createCardInput>("By redemption: the code goes to Jane by e-mail", {
        ...vipPass,
        metadata: [
          { key: "tier", value: "gold" },
          { key: "price", value: [189.9, "EUR"], metaType: "PRICE" },
          { key: "supplier_ref", value: "NW-2291", metaType: "RETAIL_IDENTIFIER", visibility: "PRIVATE" },
        ],
        email: "jane@example.com",
        locale: "fr-CA",
        firstName: "Jane",
      }),
      byOwner: body<typeof createCardInput>("By owner: owned now, in Jane's wallet", { ...vipPass, owner: OWNER, publicKey: WALLET }),
    },
    response: { summary: "The card waits for its claim; the code is shown this once", value: { data: example.pendingCard } },
  },
  listUnitCards: {
    parameters: { owner: OWNER, status: "OWNED", cursor: encodeCursor(IDS.card2), limit: 1 },
    response: {
      summary: "A page of one card, and the cursor of the next page",
      value: { data: [example.ownedCard], nextCursor: encodeCursor(IDS.card) },
    },
  },
  getUnitCard: {
    parameters: { id: IDS.card },
    response: { summary: "Owned and minted", value: { data: example.ownedCard } },
  },
  voidUnitCard: {
    parameters: { id: IDS.card },
    requests: { withReason: body<typeof voidCardInput>("With the reason the merchant sees", { reason: "Order #1093 was cancelled" }) },
    response: { summary: "Void: its code no longer claims it", value: { data: example.voidedCard } },
  },
  createUnitCardBatch: {
    requests: {
      byRedemption: body<typeof createBatchInput>("Two cards sharing one code, sent by SMS", {
        redemption: { phone: "+14155550123" },
        cards: [
          { name: "Backstage pass", media: { imageUrls: ["https://cdn.example.com/vip.png"] } },
          { name: "Backstage pass", media: { imageUrls: ["https://cdn.example.com/vip.png"] } },
        ],
      }),
      byOwner: body<typeof createBatchInput>("Two cards owned now", {
        owner: OWNER,
        publicKey: WALLET,
        cards: [
          { name: "Season ticket", media: { imageUrls: [] } },
          { name: "Parking pass", media: { imageUrls: [] } },
        ],
      }),
    },
    response: { summary: "Numbered 1 and 2 of 2, in input order", value: { data: example.batchCards } },
  },
  redeemCode: {
    requests: {
      toWallet: body<typeof redeemInput>("Into Jane's wallet", { code: CODE, owner: OWNER, publicKey: WALLET }),
      held: body<typeof redeemInput>("With no wallet: the shop holds the cards for Jane", { code: CODE, owner: OWNER }),
    },
    response: { summary: "Every card of the code, now owned", value: { data: [example.ownedCard] } },
  },
  validateName: {
    parameters: { name: "jane.doe" },
    response: { summary: "Registered: step 2 takes its id and key", value: { data: { available: true, payload: example.nameRecord } } },
  },
  registerName: {
    requests: { withOwner: body<typeof registerNameInput>("For Jane's wallet", { name: "jane.doe", publicKey: WALLET, owner: OWNER }) },
    response: { summary: "Registered", value: { data: example.nameRecord } },
  },
  issueDigitalTwin: {
    requests: {
      jacket: body<typeof issueTwinInput>("A twin of a jacket, to jane.doe", {
        name_id: IDS.name,
        public_key: WALLET,
        title: "Trail jacket",
        creator: "Northwind",
        description: "Waterproof shell",
        quantity: 1,
        price: 189.9,
        currency: "EUR",
        brand: "Northwind",
        categories: ["Outerwear"],
        links: ["https://harbor-and-pine.example.com/products/trail-jacket"],
        images: ["https://cdn.example.com/jacket.png"],
      }),
    },
    response: { summary: "Issued; its NFT is on its way", value: { data: example.twin } },
  },
  listDigitalTwins: {
    parameters: { name_id: IDS.name, public_key: WALLET, limit: 20 },
    response: { summary: "The last page", value: { data: [example.twin], nextCursor: null } },
  },
  getDigitalTwin: {
    parameters: { id: IDS.twin },
    response: { summary: "Its NFT is being minted", value: { data: example.twin } },
  },
  getNftMetadata: {
    parameters: { file: `${IDS.nft}.json` },
    response: { summary: "A twin's NFT", value: example.nftMetadata },
  },
  listEvents: {
    parameters: { type: "unit_card.redeemed", limit: 10 },
    response: { summary: "The last page", value: { data: [example.redeemedEvent], nextCursor: null } },
  },
  getEvent: {
    parameters: { id: IDS.event },
    response: { summary: "A card was redeemed", value: { data: example.redeemedEvent } },
  },
  createWebhookEndpoint: {
    requests: {
      someTypes: body<typeof createWebhookEndpointInput>("Redeemed cards and minted NFTs", {
        url: example.endpoint.url,
        eventTypes: ["unit_card.redeemed", "nft.minted"],
        description: "ERP sync",
      }),
      everything: body<typeof createWebhookEndpointInput>("Every event type", { url: example.endpoint.url, eventTypes: ["*"] }),
    },
    response: { summary: "The secret is shown this once", value: { data: { ...example.endpoint, secret: example.ENDPOINT_SECRET } } },
  },
  listWebhookEndpoints: {
    response: { summary: "One endpoint", value: { data: [example.endpoint] } },
  },
  getWebhookEndpoint: {
    parameters: { id: IDS.endpoint },
    response: { summary: "Never the secret", value: { data: example.endpoint } },
  },
  deleteWebhookEndpoint: {
    parameters: { id: IDS.endpoint },
    response: { summary: "Deleted", value: { data: { id: IDS.endpoint, deleted: true } } },
  },
  sendWebhookTestEvent: {
    parameters: { id: IDS.endpoint },
    requests: { empty: body<typeof sendTestEventInput>("Nothing to choose", {}) },
    response: { summary: "Queued: the worker sends it within seconds", value: { data: example.queuedDelivery } },
  },
  listWebhookDeliveries: {
    parameters: { id: IDS.endpoint, limit: 2 },
    response: {
      summary: "Delivered, and waiting for a retry",
      value: { data: example.deliveries, nextCursor: encodeCursor(IDS.delivery2) },
    },
  },
};

/** What an endpoint receives. */
export const WEBHOOK_EXAMPLES: Record<string, Example> = {
  redeemed: { summary: "unit_card.redeemed", value: example.redeemedEvent },
  test: { summary: "webhook_endpoint.test", value: example.testEvent },
};
