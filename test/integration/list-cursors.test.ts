import { describe, expect, it } from "vitest";
import { createCard, listCards } from "~/domain/cards.server";
import { DomainError } from "~/domain/errors";
import { listNotifications } from "~/domain/notification-admin.server";
import { listTwins } from "~/domain/twins.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";

/** The VALIDATION_FAILED details a list answers a cursor with. */
async function cursorRejection(list: Promise<unknown>) {
  const error = await list.then(
    () => expect.fail("expected the cursor to be refused"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe("VALIDATION_FAILED");
  return (error as DomainError).details;
}

describe("list cursors", () => {
  it("are opaque everywhere, and each list refuses another list's cursor, naming cursor", async () => {
    const shop = uniqueShop();
    for (let index = 0; index < 3; index += 1) await createCard(shop, { name: `Card ${index}`, media: {}, email: `p${index}@example.com` });
    const cards = await listCards(shop, { limit: "1" });
    const notifications = await listNotifications(shop, { limit: 1 });
    for (const cursor of [cards.nextCursor, notifications.nextCursor]) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(notifications.nextCursor).not.toBe(notifications.notifications[0]!.id);

    const cardCursor = cards.nextCursor!;
    const notificationCursor = notifications.nextCursor!;
    expect(await cursorRejection(listNotifications(shop, { cursor: cardCursor }))).toEqual([
      { path: "cursor", message: "Not a cursor this API returned" },
    ]);
    expect(await cursorRejection(listTwins(shop, { cursor: notificationCursor }))).toEqual([
      { path: "cursor", message: "Not a cursor this API returned" },
    ]);
    expect(await cursorRejection(listCards(shop, { cursor: notificationCursor }))).toEqual([
      { path: "cursor", message: "Not a cursor this API returned" },
    ]);
    // The raw id a notification cursor once was is not a cursor either.
    expect(await cursorRejection(listNotifications(shop, { cursor: notifications.notifications[0]!.id }))).toEqual([
      { path: "cursor", message: "Not a cursor this API returned" },
    ]);
  });

  it("the admin's Cards list says a page link is no longer valid rather than failing", async () => {
    const shop = uniqueShop();
    const stale = await getPage("/app/cards?cursor=not-a-cursor", shop);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain("This page link is no longer valid");
  });
});
