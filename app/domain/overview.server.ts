import { stores } from "./stores";

export interface ShopOverview {
  pendingCards: number;
  ownedCards: number;
  twins: number;
  failedNotifications: number;
  activeApiKeys: number;
  /** A theme block has loaded a customer's cards through the app proxy. */
  storefrontBlockSeen: boolean;
}

/**
 * The counts on the admin home page, of live data or (`livemode` false, "View test data") of test data.
 * A test message (status TEST) is never sent, so it never counts as failed.
 */
export async function shopOverview(shop: string, livemode = true): Promise<ShopOverview> {
  const [pendingCards, ownedCards, twins, failedNotifications, activeApiKeys, setup] = await Promise.all([
    stores().cards.countWithStatus(shop, livemode, "PENDING_REDEMPTION"),
    stores().cards.countWithStatus(shop, livemode, "OWNED"),
    stores().names.countTwins(shop, livemode),
    stores().notifications.countFailed(shop, livemode),
    stores().apiKeys.countActive(shop),
    stores().settings.setup(shop),
  ]);
  return {
    pendingCards,
    ownedCards,
    twins,
    failedNotifications,
    activeApiKeys,
    storefrontBlockSeen: Boolean(setup?.storefrontBlockSeenAt),
  };
}

// Shops already recorded by this process: the storefront's hot path skips the database.
const seenBlocks = new Set<string>();

/**
 * Notes that a storefront block works in this shop (the checklist's "storefront
 * blocks added"): without the read_themes scope, a block's first call is the
 * evidence. Written once per shop.
 */
export async function recordStorefrontBlockSeen(shop: string, now = new Date()) {
  if (seenBlocks.has(shop)) return;
  await stores().settings.markStorefrontBlockSeen(shop, now);
  seenBlocks.add(shop);
}
