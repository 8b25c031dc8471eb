import type { Notification } from "@prisma/client";
import type { NotificationRecord, NotificationSearchFilter } from "~/domain/stores";
import { directSql } from "../client.server";
import type { SqlParam } from "../dialect.server";
import { picker, select, type Kind } from "./joined-rows.server";
import { fillSearchKeys, searchKeyRange } from "./search-key.server";

// The search key stays out of the record (search-key.server.ts).
const NOTIFICATION: Record<Exclude<keyof Notification, "destinationKey">, Kind> = {
  id: "text",
  shop: "text",
  redemptionId: "text",
  channel: "text",
  destination: "text",
  payload: "json",
  status: "text",
  attempts: "int",
  nextAttemptAt: "date",
  lockedUntil: "date",
  lastError: "text",
  providerMessageId: "text",
  sentAt: "date",
  createdAt: "date",
};

const SELECT = select("n", NOTIFICATION).join(", ");
const pick = picker<NotificationRecord>(NOTIFICATION);

/** A page of the admin's Notifications list, as one plain statement (decision 0078). */
export async function notificationSearchPage(filter: NotificationSearchFilter, take: number): Promise<NotificationRecord[]> {
  if (filter.destinationPrefix !== undefined) await fillSearchKeys("Notification", filter.shop);
  const { sql, params } = notificationPageStatement(filter, take);
  return (await directSql.query(sql, params)).map(pick);
}

/** notificationSearchPage's statement (the bench runs it bare: scripts/bench/lists.ts). */
export function notificationPageStatement(filter: NotificationSearchFilter, take: number): { sql: string; params: SqlParam[] } {
  const { shop, livemode, statuses, channel, destinationPrefix, beforeId, afterId, oldestFirst } = filter;
  const params: SqlParam[] = [shop, livemode];
  // A notification's mode is its code's.
  const where = ['n."shop" = $1', 'r."livemode" = $2'];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  if (statuses?.length) where.push(`n."status" IN (${statuses.map(param).join(", ")})`);
  if (channel !== undefined) where.push(`n."channel" = ${param(channel)}`);
  if (beforeId !== undefined) where.push(`n."id" < ${param(beforeId)}`);
  if (afterId !== undefined) where.push(`n."id" > ${param(afterId)}`);
  if (destinationPrefix !== undefined) {
    const { from, to } = searchKeyRange(destinationPrefix);
    where.push(`n."destinationKey" >= ${param(from)} AND n."destinationKey" < ${param(to)}`);
  }
  const sql =
    `SELECT ${SELECT} FROM "Notification" n JOIN "Redemption" r ON r."id" = n."redemptionId" ` +
    `WHERE ${where.join(" AND ")} ORDER BY n."id" ${oldestFirst ? "ASC" : "DESC"} LIMIT ${param(take)}`;
  return { sql, params };
}
