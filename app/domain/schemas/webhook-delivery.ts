import { DELIVERY_CURSOR_PATTERN, decodeCursor } from "./cursor";
import { livemode } from "./common";
import { eventType } from "./event";
import { z } from "./zod";

/** A delivery as integrators see it: SENDING (a worker's lease) reads as PENDING. */
export const DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;

/** One event to one endpoint: what happened to it so far (GET /v1/webhook-endpoints/{id}/deliveries). */
export const webhookDelivery = z
  .object({
    id: z.string().meta({ description: "whd_…" }),
    endpointId: z.string(),
    eventId: z.string().meta({ description: "The event sent (GET /v1/events/{id}); also the Twin-Cards-Event-Id header of the request" }),
    eventType,
    status: z.enum(DELIVERY_STATUSES).meta({
      description:
        "PENDING: waiting for its first or next attempt, or being sent; SUCCEEDED: the endpoint answered 2xx; " +
        "FAILED: given up (an answer that is not retried, 3 days of failures, or the endpoint disabled)",
    }),
    attempts: z.number().int().min(0).meta({ description: "Attempts made so far" }),
    responseStatus: z.number().int().nullable().meta({
      description:
        "The HTTP status the endpoint answered at the last attempt; null before the first attempt or when no answer came (network error, timeout)",
    }),
    lastError: z.string().nullable().meta({
      description:
        'Why the last attempt failed, in a sentence (e.g. "The endpoint answered 500", "No complete answer within 10 s"); null after a success or before the first attempt',
    }),
    nextAttemptAt: z.string().nullable().meta({ description: "When it is tried (again) while PENDING; null once SUCCEEDED or FAILED" }),
    deliveredAt: z.string().nullable().meta({ description: "When the endpoint answered 2xx; null until then" }),
    createdAt: z.string(),
    updatedAt: z.string().meta({ description: "Its last change: created, an attempt started or its outcome recorded" }),
    livemode: livemode.meta({ description: "The mode of its event and endpoint: a test event goes only to test endpoints" }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;

export const listDeliveriesQuery = z
  .object({
    cursor: z
      .string()
      .max(64)
      .refine((value) => value === "" || decodeCursor(value, "whd") !== undefined, "Not a cursor this API returned")
      .meta({
        description: "nextCursor of the previous page (empty: the first page). Any other value is 422",
        pattern: DELIVERY_CURSOR_PATTERN,
      })
      .optional(),
    limit: z.coerce.number().int("Must be a whole number").min(1).max(100).default(50),
  })
  .strict();

/** The send-test action takes nothing: the test event's content is fixed. */
export const sendTestEventInput = z
  .object({})
  .strict()
  .meta({ id: "SendTestEventInput", description: "An empty object: the test event says which endpoint it was sent to, and nothing else" });
