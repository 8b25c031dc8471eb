import type { Prisma } from "@prisma/client";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import type { NotificationRecord, NotificationStore } from "~/domain/stores";
import { db, isDatabaseBusy, transaction } from "../client.server";
import { insertRows } from "../insert-rows.server";
import { notificationSearchPage } from "./notification-page.server";
import { searchKey } from "./search-key.server";

/** Claim notifications (the Notification table): every query of it. */
export const notificationStore: NotificationStore = {
  // Not createMany: Prisma walks a JSON payload value by value, and a batch's names every card (issue 14).
  insert: (notifications) =>
    transaction(() =>
      insertRows(
        "Notification",
        notifications.map((row) => ({ ...row, payload: row.payload as object, destinationKey: searchKey(row.destination) })),
        { json: ["payload"] },
      ),
    ),

  findWithCardIds: (id) =>
    db.notification.findUnique({
      where: { id },
      include: { redemption: { select: { cards: { select: { id: true }, orderBy: { id: "asc" } } } } },
    }),

  listForShop: (shop, { status, livemode, beforeId, take }) =>
    db.notification.findMany({
      where: { shop, status, redemption: { livemode }, ...(beforeId ? { id: { lt: beforeId } } : {}) },
      orderBy: { id: "desc" },
      take,
    }),

  searchPage: notificationSearchPage,

  listOfRedemption: (shop, redemptionId) => db.notification.findMany({ where: { shop, redemptionId }, orderBy: { id: "asc" } }),

  findForShop: (shop, id, livemode) =>
    db.notification.findFirst({ where: { id, shop, ...(livemode === undefined ? {} : { redemption: { livemode } }) } }),

  requeueFailed: async (shop, id, at) =>
    (
      await db.notification.updateMany({
        where: { id, shop, status: "FAILED", redemption: { cards: { some: { status: { not: "VOID" } } } } },
        data: { status: "PENDING", attempts: 0, nextAttemptAt: at, lastError: null, lockedUntil: null },
      })
    ).count,

  withdrawPending: async (redemptionIds, reason) =>
    void (await db.notification.updateMany({
      where: { redemptionId: { in: redemptionIds }, status: "PENDING" },
      data: { status: "WITHDRAWN", lockedUntil: null, lastError: reason },
    })),

  countFailed: (shop, livemode) => db.notification.count({ where: { shop, status: "FAILED", redemption: { livemode } } }),
  sentTo: (shop, destinations) => db.notification.findMany({ where: { shop, destination: { in: destinations } } }),
  emailedAwaitingClaim: async (shop, now) =>
    (
      await db.notification.findMany({
        where: {
          shop,
          channel: "EMAIL",
          // Live codes only: a test code's message is never sent, and the storefront claims live codes only.
          redemption: { livemode: true, redeemedAt: null, expiresAt: { gt: now }, cards: { some: { status: "PENDING_REDEMPTION" } } },
        },
        select: { redemptionId: true, destination: true, redemption: { select: { expiresAt: true } } },
        orderBy: { id: "asc" },
      })
    ).map((row) => ({ redemptionId: row.redemptionId, destination: row.destination, expiresAt: row.redemption.expiresAt })),
  sentToOldestFirst: (shop, destinations) =>
    db.notification.findMany({ where: { shop, destination: { in: destinations } }, orderBy: { id: "asc" } }),

  stillClaimableTo: (shop, destination, now) =>
    db.notification.findMany({
      where: {
        shop,
        destination,
        redemption: { livemode: true, redeemedAt: null, expiresAt: { gt: now }, cards: { some: { status: "PENDING_REDEMPTION" } } },
      },
      orderBy: { id: "asc" },
    }),

  codesNearingExpiry: (now, until, take, shop) =>
    db.redemption.findMany({
      where: {
        ...(shop === undefined ? {} : { shop }),
        livemode: true,
        redeemedAt: null,
        reminderQueuedAt: null,
        expiresAt: { gt: now, lte: until },
        cards: { some: { status: "PENDING_REDEMPTION" } },
      },
      select: { id: true, shop: true, createdAt: true, expiresAt: true },
      orderBy: { expiresAt: "asc" },
      take,
    }),

  markReminderQueued: async (redemptionId, at) =>
    (await db.redemption.updateMany({ where: { id: redemptionId, reminderQueuedAt: null }, data: { reminderQueuedAt: at } })).count === 1,

  claimableCode: (redemptionId, now) =>
    db.redemption.findFirst({
      where: {
        id: redemptionId,
        livemode: true,
        redeemedAt: null,
        expiresAt: { gt: now },
        cards: { some: { status: "PENDING_REDEMPTION" } },
      },
      select: { shop: true },
    }),

  redact: async (id, { destination, payload, failedWith }) =>
    void (await db.notification.update({
      where: { id },
      data: {
        destination,
        destinationKey: searchKey(destination),
        payload: payload as Prisma.InputJsonObject,
        ...(failedWith === undefined ? {} : { status: "FAILED", lockedUntil: null, lastError: failedWith }),
      },
    })),

  deleteForShop: async (shop) => (await db.notification.deleteMany({ where: { shop } })).count,
};

/** Which notifications a dispatcher takes (e.g. one shop's, in tests); all when empty. */
export type NotificationFilter = { shop?: string };

/**
 * The claim-message outbox as the dispatcher drains it (app/lib/outbox-worker.ts): due rows, the
 * claim (SENDING under a lease, counting the attempt) and writes under the lease (decision 0030).
 */
export const notificationQueue: Omit<OutboxTableOptions<NotificationRecord>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it (with its event).
  delegate: { findMany: (args) => db.notification.findMany(args), updateMany: (args) => db.notification.updateMany(args) },
  heldStatus: "SENDING",
  claimData: { attempts: { increment: 1 } },
  load: (id) => db.notification.findUnique({ where: { id } }),
  transaction,
  isTransient: isDatabaseBusy,
};
