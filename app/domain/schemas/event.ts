import { unitCard } from "./card";
import { HTTP_URL_PATTERN, livemode } from "./common";
import { EVENT_CURSOR_PATTERN, decodeCursor } from "./cursor";
import { nameRecord } from "./name";
import { digitalTwin } from "./twin";
import { z } from "./zod";

/** Every event type the domain writes (docs/decisions/0027-webhooks-and-events.md). */
export const EVENT_TYPES = [
  "unit_card.created",
  "unit_card.redeemed",
  "unit_card.voided",
  "unit_card.wallet_linked",
  "unit_card.transferred",
  "digital_twin.issued",
  "name.registered",
  "nft.minted",
  "nft.failed",
  "nft.held",
  "notification.failed",
  "webhook_endpoint.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const eventType = z.enum(EVENT_TYPES);

/** A claim notification as events show it: the destination masked, never the code. */
export const notificationView = z
  .object({
    id: z.string(),
    channel: z.enum(["EMAIL", "SMS"]),
    destination: z.string().meta({ description: "Masked, e.g. +1******4567 or j***@example.com" }),
    status: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    cardIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type NotificationView = z.infer<typeof notificationView>;

/** What a "send a test event" carries. */
export const webhookTest = z.object({ endpointId: z.string(), message: z.string() }).meta({ id: "WebhookTest" });

export const EVENT_OBJECT_TYPES = ["unit_card", "digital_twin", "name", "notification", "webhook_test"] as const;
export type EventObjectType = (typeof EVENT_OBJECT_TYPES)[number];

export const event = z
  .object({
    id: z.string().meta({ description: "evt_…: the receiver's dedupe key (a delivery may arrive more than once)" }),
    type: eventType,
    createdAt: z.string(),
    shop: z.string(),
    livemode: livemode.meta({ description: "false for an event of test data: it goes only to endpoints registered in test mode" }),
    data: z.object({
      objectType: z.enum(EVENT_OBJECT_TYPES).meta({
        description:
          "unit_card for unit_card.* (and nft.* of a card), digital_twin for digital_twin.issued (and nft.* of a twin), name, notification, webhook_test",
      }),
      object: z.union([unitCard, digitalTwin, nameRecord, notificationView, webhookTest]).meta({
        description:
          "The object as /v1 returns it when the event was written (PRIVATE card metadata included: this is the shop's own channel)",
      }),
    }),
  })
  .meta({ id: "Event" });
export type Event = z.infer<typeof event>;

export const listEventsQuery = z
  .object({
    type: eventType.optional().meta({ description: "Only events of this type" }),
    cursor: z
      .string()
      .max(64)
      .refine((value) => value === "" || decodeCursor(value, "evt") !== undefined, "Not a cursor this API returned")
      .meta({
        description: "nextCursor of the previous page (empty: the first page). Any other value is 422",
        pattern: EVENT_CURSOR_PATTERN,
      })
      .optional(),
    limit: z.coerce.number().int("Must be a whole number").min(1).max(100).default(50),
  })
  .strict();

export const MAX_WEBHOOK_URL = 2048;

/** `localhost` as a pattern that ignores case: [Ll][Oo]… (JSON Schema patterns take no flags). */
const anyCase = (word: string) => [...word].map((char) => `[${char.toUpperCase()}${char}]`).join("");
const LOCAL_NAMES = ["localhost", "local", "internal", "localdomain"].map(anyCase).join("|");
// What the document promises an endpoint URL may be: https, a DNS name (never an address) that is not a local one.
const WEBHOOK_URL_PATTERN = HTTP_URL_PATTERN.replace(
  "^[Hh][Tt][Tt][Pp][Ss]?://",
  `^[Hh][Tt][Tt][Pp][Ss]://(?!(?:[A-Za-z0-9-]+\\.)*(?:${LOCAL_NAMES})\\.?(?:[:/?#]|$))`,
);

export const createWebhookEndpointInput = z
  .object({
    url: z
      .string()
      .max(MAX_WEBHOOK_URL, `Must be at most ${MAX_WEBHOOK_URL} characters`)
      .meta({
        format: "uri",
        pattern: WEBHOOK_URL_PATTERN,
        description:
          "Where events are POSTed: https:// (http:// only to a loopback address on a demo or test server). " +
          "Private, loopback and link-local addresses (10/8, 172.16/12, 192.168/16, 169.254/16, 127/8, localhost, fc00::/7, fe80::/10, ::1) are refused, " +
          "here when the URL names one and on every delivery after DNS resolution",
        examples: ["https://example.com/twin-cards/webhooks"],
      }),
    eventTypes: z
      .array(z.union([eventType, z.literal("*")]))
      .min(1, 'Name at least one event type, or "*"')
      .max(EVENT_TYPES.length + 1)
      .meta({ description: 'The event types to send; "*" sends every type' }),
    description: z.string().max(255, "Must be at most 255 characters").default(""),
  })
  .strict()
  .meta({ id: "CreateWebhookEndpointInput" });
export type CreateWebhookEndpointInput = z.output<typeof createWebhookEndpointInput>;

export const webhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    status: z.enum(["ENABLED", "DISABLED"]),
    disabledReason: z.string().nullable().meta({ description: "Why it was disabled (deliveries failing for 3 days)" }),
    createdAt: z.string(),
    livemode: livemode.meta({
      description: "false for an endpoint registered with a test key: it receives only test events, a live one only live events",
    }),
    secret: z.string().optional().meta({
      description: "whsec_…: the signing secret, only in the creation response. Verify Twin-Cards-Signature with it",
    }),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;
