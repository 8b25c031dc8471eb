import { db } from "~/db/client.server";

/** Every row the shop has that a card creation could write. */
export async function rowsOf(shop: string) {
  const [cards, redemptions, notifications] = await Promise.all([
    db.unitCard.count({ where: { shop } }),
    db.redemption.count({ where: { shop } }),
    db.notification.count({ where: { shop } }),
  ]);
  return { cards, redemptions, notifications };
}
