import { cardInput } from "./card";
import { text } from "./common";
import { editionSizeInput } from "./serial";
import { z } from "./zod";

export const RULE_TARGET_TYPES = ["PRODUCT", "VARIANT", "COLLECTION"] as const;
export type RuleTargetType = (typeof RULE_TARGET_TYPES)[number];
export const RULE_TRIGGERS = ["PAID", "FULFILLED"] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];
export const RULE_STATUSES = ["ACTIVE", "PAUSED"] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

/** The Shopify GID resource of each target type. */
const GID_RESOURCE: Record<RuleTargetType, string> = { PRODUCT: "Product", VARIANT: "ProductVariant", COLLECTION: "Collection" };

export const targetGid = (type: RuleTargetType, numericId: string) => `gid://shopify/${GID_RESOURCE[type]}/${numericId}`;

/**
 * An issuing rule as the merchant saves it (docs/decisions/0029-issue-at-purchase.md).
 * The card template is the same CardInput as POST /v1/unit-cards takes, checked
 * here so a rule never fails at order time for what the domain would refuse.
 */
export const issuingRuleInput = z
  .object({
    targetType: z.enum(RULE_TARGET_TYPES),
    targetId: z
      .string()
      .regex(
        /^gid:\/\/shopify\/(Product|ProductVariant|Collection)\/[1-9]\d{0,19}$/,
        "Must be a Shopify product, variant or collection id",
      ),
    targetTitle: text(255),
    trigger: z.enum(RULE_TRIGGERS),
    issueTwin: z.boolean(),
    card: cardInput.nullable().default(null),
    cardPerUnit: z.boolean().default(true),
    // Every twin and card the rule issues is numbered in one edition; null: an open edition.
    editionSize: editionSizeInput.default(null),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (!rule.targetId.startsWith(`gid://shopify/${GID_RESOURCE[rule.targetType]}/`)) {
      ctx.addIssue({ code: "custom", path: ["targetId"], message: `Must be a ${GID_RESOURCE[rule.targetType]} id` });
    }
    if (!rule.issueTwin && rule.card === null) {
      ctx.addIssue({ code: "custom", path: ["issueTwin"], message: "Choose what the rule issues: a digital twin, a unit card, or both" });
    }
  });
export type IssuingRuleInput = z.output<typeof issuingRuleInput>;

/** What the admin's activity lists show for one rule, order line and moment. */
export const ORDER_ISSUE_STATUSES = ["ISSUED", "WAITING", "CLAIMED", "VOIDED", "FAILED", "PLAN_LIMIT"] as const;
export type OrderIssueStatus = (typeof ORDER_ISSUE_STATUSES)[number];
