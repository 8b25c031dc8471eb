import { db } from "~/db.server";

export interface ShopOverview {
  pendingCards: number;
  ownedCards: number;
  twins: number;
  failedNotifications: number;
  activeApiKeys: number;
}

/** The counts on the admin home page. */
export async function shopOverview(shop: string): Promise<ShopOverview> {
  const [pendingCards, ownedCards, twins, failedNotifications, activeApiKeys] = await Promise.all([
    db.unitCard.count({ where: { shop, status: "PENDING_REDEMPTION" } }),
    db.unitCard.count({ where: { shop, status: "OWNED" } }),
    db.digitalTwin.count({ where: { shop } }),
    db.notification.count({ where: { shop, status: "FAILED" } }),
    db.apiKey.count({ where: { shop, revokedAt: null } }),
  ]);
  return { pendingCards, ownedCards, twins, failedNotifications, activeApiKeys };
}
