import { Cards, Events, Names, NftMetadataFiles, Twins, WebhookEndpoints } from "./resources.js";
import { Transport, type ClientOptions } from "./transport.js";

/**
 * The Twin Cards /v1 API for one shop's API key:
 *
 * ```ts
 * const client = new TwinCardsClient({ baseUrl: "https://twin-cards.example.com", apiKey: process.env.TWIN_CARDS_KEY! });
 * const card = await client.cards.create({ name: "VIP pass", media: { imageUrls: [] }, email: "jane@example.com" });
 * for await (const owned of client.cards.list({ status: "OWNED" })) console.log(owned.id);
 * ```
 */
export class TwinCardsClient {
  readonly cards: Cards;
  readonly names: Names;
  readonly twins: Twins;
  readonly events: Events;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly nftMetadata: NftMetadataFiles;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    this.cards = new Cards(transport);
    this.names = new Names(transport);
    this.twins = new Twins(transport);
    this.events = new Events(transport);
    this.webhookEndpoints = new WebhookEndpoints(transport);
    this.nftMetadata = new NftMetadataFiles(transport);
  }
}
