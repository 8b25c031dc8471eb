import type { DigitalTwin, Event, NameRecord, UnitCard, WebhookDeliveryView, WebhookEndpointView } from "~/domain/schemas";

/*
 * One small, consistent story for the reference's examples: the shop Harbor & Pine gives
 * Jane (universal name jane.doe, Shopify customer 7364129087) a VIP pass and a twin of a
 * jacket. The types keep every example the shape the API answers; the OpenAPI test checks
 * each against the document's schemas.
 */

export const SHOP = "harbor-and-pine.myshopify.com";
export const OWNER = "shopify|7364129087";
export const WALLET = "3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe";
export const CODE = "7KQ2-M9XD-R4TB";

export const IDS = {
  card: "card_01JDQ6X8R3V4ZKXG2M7N9P5T1B",
  card2: "card_01JDQ6X8R3V4ZKXG2M7N9P5T1C",
  card3: "card_01JDQ6X8R3V4ZKXG2M7N9P5T1D",
  twin: "twin_01JDQ7A2B3C4D5E6F7G8H9J0KM",
  name: "uns_01JDQ5Y1Z2X3W4V5T6S7R8Q9PN",
  nft: "nft_01JDQ7A2B3C4D5E6F7G8H9J0KN",
  cardNft: "nft_01JDQ6X8R3V4ZKXG2M7N9P5T1E",
  event: "evt_01JDQ8M4N5P6Q7R8S9T0V1W2XY",
  testEvent: "evt_01JDQ9B1C2D3E4F5G6H7J8K9MN",
  endpoint: "we_01JDQ4C5D6E7F8G9H0J1K2M3NP",
  delivery: "whd_01JDQ9B1C2D3E4F5G6H7J8K9MP",
  delivery2: "whd_01JDQ8M4N5P6Q7R8S9T0V1W2XZ",
} as const;

const MINT = "mYhbJzQbQj6tY5S87BKQ8iqv2i8RXGGHZAWyVxMvudM";
const verifyUrl = (token: string) => `https://${SHOP}/apps/twincards/v/${token}`;

export const nameRecord: NameRecord = { uns_name: "jane.doe", uns_name_id: IDS.name, public_key: WALLET, livemode: true };

/** A VIP pass waiting for its claim, as its creation answers it: the only time the code is shown. */
export const pendingCard: UnitCard = {
  id: IDS.card,
  name: "VIP pass",
  serialNumber: null,
  editionSize: null,
  media: { imageUrls: ["https://cdn.example.com/vip.png"], videoUrls: [] },
  metadata: [
    { key: "tier", value: "gold", metaType: "NO_TYPE", visibility: "PUBLIC" },
    { key: "price", value: [189.9, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
    { key: "supplier_ref", value: "NW-2291", metaType: "RETAIL_IDENTIFIER", visibility: "PRIVATE" },
  ],
  owner: null,
  publicKey: null,
  custody: null,
  status: "PENDING_REDEMPTION",
  createdAt: "2026-11-25T10:00:00.000Z",
  redeemedAt: null,
  voidedAt: null,
  voidReason: null,
  redemption: { phone: null, email: "j***@example.com", expiresAt: "2027-02-23T10:00:00.000Z", code: CODE },
  chain: null,
  verifyUrl: verifyUrl("14db06723be24f81854d6af247da15bf"),
  livemode: true,
};

/** The same pass once Jane redeemed it into her wallet, minted. */
export const ownedCard: UnitCard = {
  ...pendingCard,
  owner: OWNER,
  publicKey: WALLET,
  custody: "WALLET",
  status: "OWNED",
  redeemedAt: "2026-11-25T10:05:00.000Z",
  redemption: { phone: null, email: "j***@example.com", expiresAt: "2027-02-23T10:00:00.000Z" },
  chain: {
    status: "MINTED",
    mint: MINT,
    signature: "5inVWbU8kmDERA5puQpbouYTmqPpYfeZGp1cntif1fv7NALcFRkUQHh9JeXZ6VJ9Kn8KynwuwFizrXZgJnMi87Vf",
    explorerUrl: `https://explorer.solana.com/address/${MINT}?cluster=devnet`,
    metadataUrl: `https://twin-cards.example.com/v1/metadata/${IDS.cardNft}.json`,
    reason: null,
    mintedAt: "2026-11-25T10:05:02.000Z",
  },
};

/** Cards 1 and 2 of a batch of 2 sharing one code. */
export const batchCards: UnitCard[] = [
  {
    ...pendingCard,
    id: IDS.card2,
    name: "Backstage pass",
    serialNumber: 1,
    editionSize: 2,
    metadata: [],
    verifyUrl: verifyUrl("4eace9274e65e7e019bc4199edc5388f"),
  },
  {
    ...pendingCard,
    id: IDS.card3,
    name: "Backstage pass",
    serialNumber: 2,
    editionSize: 2,
    metadata: [],
    verifyUrl: verifyUrl("0549c488de7c7c995b93cfca650c5ad0"),
  },
];

export const voidedCard: UnitCard = {
  ...pendingCard,
  status: "VOID",
  voidedAt: "2026-11-26T09:00:00.000Z",
  voidReason: "Order #1093 was cancelled",
  redemption: { phone: null, email: "j***@example.com", expiresAt: "2027-02-23T10:00:00.000Z" },
};

export const twin: DigitalTwin = {
  id: IDS.twin,
  name_id: IDS.name,
  uns_name: "jane.doe",
  public_key: WALLET,
  title: "Trail jacket",
  serialNumber: null,
  editionSize: null,
  creator: "Northwind",
  description: "Waterproof shell",
  quantity: 1,
  price: 189.9,
  currency: "EUR",
  brand: "Northwind",
  categories: ["Outerwear"],
  links: ["https://harbor-and-pine.example.com/products/trail-jacket"],
  images: ["https://cdn.example.com/jacket.png"],
  createdAt: "2026-11-25T11:00:00.000Z",
  chain: {
    status: "PENDING",
    mint: "Da5rk43eVz6BEYRwpLBhxJfNyNmKjVP8NfCcGgX8W58w",
    signature: null,
    explorerUrl: "https://explorer.solana.com/address/Da5rk43eVz6BEYRwpLBhxJfNyNmKjVP8NfCcGgX8W58w?cluster=devnet",
    metadataUrl: `https://twin-cards.example.com/v1/metadata/${IDS.nft}.json`,
    reason: null,
    mintedAt: null,
  },
  verifyUrl: verifyUrl("9f2c4e1a7b3d5f60182a3c4e5f607182"),
  livemode: true,
};

export const redeemedEvent: Event = {
  id: IDS.event,
  type: "unit_card.redeemed",
  createdAt: "2026-11-25T10:05:00.000Z",
  shop: SHOP,
  data: {
    objectType: "unit_card",
    object: { ...ownedCard, chain: { ...ownedCard.chain!, status: "PENDING", signature: null, mintedAt: null } },
  },
  livemode: true,
};

export const testEvent: Event = {
  id: IDS.testEvent,
  type: "webhook_endpoint.test",
  createdAt: "2026-11-25T12:00:00.000Z",
  shop: SHOP,
  data: {
    objectType: "webhook_test",
    object: { endpointId: IDS.endpoint, message: "A test event from Twin Cards: your endpoint receives and can verify signed events" },
  },
  livemode: true,
};

export const endpoint: WebhookEndpointView = {
  id: IDS.endpoint,
  url: "https://harbor-and-pine.example.com/twin-cards/webhooks",
  description: "ERP sync",
  eventTypes: ["unit_card.redeemed", "nft.minted"],
  status: "ENABLED",
  disabledReason: null,
  createdAt: "2026-11-24T09:00:00.000Z",
  livemode: true,
};

export const ENDPOINT_SECRET = "whsec_QIoLwE2vDiWnOS0_JLKTjQuz7SXEFCZdBzIumVeEgW4";

/** The test event's delivery as send-test answers it: queued. */
export const queuedDelivery: WebhookDeliveryView = {
  id: IDS.delivery,
  endpointId: IDS.endpoint,
  eventId: IDS.testEvent,
  eventType: "webhook_endpoint.test",
  status: "PENDING",
  attempts: 0,
  responseStatus: null,
  lastError: null,
  nextAttemptAt: "2026-11-25T12:00:00.000Z",
  deliveredAt: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  updatedAt: "2026-11-25T12:00:00.000Z",
  livemode: true,
};

/** An endpoint's deliveries newest first: the test event delivered, an earlier event waiting for its retry. */
export const deliveries: WebhookDeliveryView[] = [
  {
    ...queuedDelivery,
    status: "SUCCEEDED",
    attempts: 1,
    responseStatus: 200,
    nextAttemptAt: null,
    deliveredAt: "2026-11-25T12:00:01.000Z",
    updatedAt: "2026-11-25T12:00:01.000Z",
  },
  {
    ...queuedDelivery,
    id: IDS.delivery2,
    eventId: IDS.event,
    eventType: "unit_card.redeemed",
    attempts: 2,
    responseStatus: 503,
    lastError: "The endpoint answered 503",
    nextAttemptAt: "2026-11-25T10:09:00.000Z",
    createdAt: "2026-11-25T10:05:00.000Z",
    updatedAt: "2026-11-25T10:07:00.000Z",
  },
];

/** An NFT's public metadata JSON (a twin's), as wallets read it. */
export const nftMetadata = {
  name: "Trail jacket",
  symbol: "TWIN",
  description: "Waterproof shell",
  image: "https://cdn.example.com/jacket.png",
  external_url: twin.verifyUrl,
  attributes: [
    { trait_type: "Universal name", value: "jane.doe" },
    { trait_type: "Quantity", value: 1 },
    { trait_type: "Brand", value: "Northwind" },
    { trait_type: "Price", value: "189.9 EUR" },
  ],
  properties: { category: "image", files: [{ uri: "https://cdn.example.com/jacket.png", type: "image/png" }] },
  twin_cards: {
    kind: "twin",
    id: twin.id,
    shop: SHOP,
    serial_number: null,
    edition_size: null,
    universal_name: "jane.doe",
    quantity: 1,
    price: 189.9,
    currency: "EUR",
    brand: "Northwind",
    creator: "Northwind",
    categories: ["Outerwear"],
    links: twin.links,
    issued_at: twin.createdAt,
  },
};
