/** The two plans a shop can be on (decision 0050). */
export type PlanKind = "FREE" | "PAID";

/** The shop's plan as the app last saw it in Shopify's Billing API (the ShopPlan table). */
export interface ShopPlanRecord {
  shop: string;
  plan: PlanKind;
  /** The active subscription's gid; null on the free plan. */
  subscriptionId: string | null;
  trialEndsAt: Date | null;
  /** A test charge (a development store). */
  test: boolean;
  updatedAt: Date;
  /** When this was the state in Shopify (an update's trigger time, or the admin's read); an update triggered before it is stale. */
  changedAt: Date | null;
}

/** Plans and the free plan's monthly counter (the ShopPlan and PlanUsage tables). */
export interface BillingStore {
  /** The shop's plan as last seen; null when the app never saw one (the free plan). */
  planOf(shop: string): Promise<ShopPlanRecord | null>;
  savePlan(plan: Omit<ShopPlanRecord, "updatedAt">): Promise<void>;
  /**
   * Adds `items` to the shop's counter of `month` if that keeps it at most `cap`, in one statement (the hot
   * path of a free shop): false when it would not, or when the month has no counter yet.
   */
  addUsage(shop: string, month: string, items: number, cap: number): Promise<boolean>;
  /** The counter of `month`, null when it has none yet. */
  usage(shop: string, month: string): Promise<number | null>;
  /** Starts the counter of `month` at `items`, unless another request started it first. */
  startUsage(shop: string, month: string, items: number): Promise<void>;
  /** Drops the counter of `month` (the next issue starts it again from what was issued). */
  resetUsage(shop: string, month: string): Promise<void>;
  /** Live cards and twins the shop issued since `since`, counted in their tables. */
  issuedSince(shop: string, since: Date): Promise<number>;
  /** The shop's redaction: its plan and every monthly counter; how many rows. */
  deleteForShop(shop: string): Promise<number>;
}
