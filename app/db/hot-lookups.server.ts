import { directSql } from "./client.server";

/**
 * The lookups every /v1 request of their kind makes, by a unique column, as one
 * plain SELECT sent to the driver itself (issue 14, decision 0028): through Prisma
 * a query's fixed cost was several times the round trip. Same rows, same
 * database, no cache: a revoked key fails on the very next request, on every replica.
 */

/** The shop's enabled endpoints of one mode (live or test) and the event types each subscribed to (stored JSON). */
export async function enabledWebhookEndpoints(shop: string, livemode: boolean): Promise<{ id: string; eventTypes: unknown }[]> {
  const rows = await directSql.query<{ id: string; eventTypes: unknown }>(
    'SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "shop" = $1 AND "status" = $2 AND "livemode" = $3 ORDER BY "id"',
    [shop, "ENABLED", livemode],
  );
  // SQLite keeps JSON as text; PostgreSQL's jsonb arrives parsed.
  return rows.map((row) => ({ id: row.id, eventTypes: typeof row.eventTypes === "string" ? JSON.parse(row.eventTypes) : row.eventTypes }));
}
