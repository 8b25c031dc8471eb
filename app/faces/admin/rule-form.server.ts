import { z } from "zod";
import type { IssuingRule } from "~/domain/issuing-rules.server";
import { parsePriceText } from "~/domain/price-text";
import { RULE_TARGET_TYPES, RULE_TRIGGERS } from "~/domain/schemas";
import type { ActionResult } from "./action-result.server";
import type { Formatter } from "./i18n/format";
import type { Translator } from "./i18n/i18n.server";
import { isMetaType, META_TYPES } from "./meta-types";

const text = z.string().max(10_000).default("");

/** A metadata row of the template; `id` stays with the row while others are added or removed. */
const metadataRow = z.object({
  id: z.string().min(1).max(40),
  key: text,
  value: text,
  metaType: z.enum(META_TYPES),
  private: z.boolean(),
});

const ruleForm = z.object({
  targetType: z.enum(RULE_TARGET_TYPES),
  targetId: text,
  targetTitle: text,
  trigger: z.enum(RULE_TRIGGERS),
  issueTwin: z.boolean(),
  issueCard: z.boolean(),
  cardPerUnit: z.boolean(),
  name: text,
  imageUrls: text,
  videoUrls: text,
  // Room past the domain's 50, so too many rows get its "At most 50 metadata entries".
  metadata: z.array(metadataRow).max(100),
  // As typed; empty: an open edition.
  editionSize: z.string().max(40).default(""),
});

/** What the Automation form edits and posts (as JSON in its `rule` field). */
export type RuleForm = z.output<typeof ruleForm>;
export type MetadataRow = RuleForm["metadata"][number];

/** The posted form, or null when it is not one this page sends. */
export function readRuleForm(raw: FormDataEntryValue | null): RuleForm | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = ruleForm.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Empty: an open edition (null); digits with the merchant's spaces as a number; anything else NaN, for the domain to refuse at its field. */
function editionSizeOf(value: string): number | null {
  const compact = value.replace(/[\s\u00a0\u202f]/g, "");
  return compact === "" ? null : Number(compact);
}

const lines = (value: string) =>
  value
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A typed price ("189,90 €", "189.90 EUR") as [189.9, "EUR"] (the domain's one reading); anything else stays text, for the domain to refuse at its field. */
const priceOf = (value: string): unknown => parsePriceText(value) ?? value;

/** The rule as the domain takes it (issuingRuleInput): the domain checks every field. */
export function ruleInput(form: RuleForm) {
  return {
    targetType: form.targetType,
    targetId: form.targetId,
    targetTitle: form.targetTitle,
    trigger: form.trigger,
    issueTwin: form.issueTwin,
    cardPerUnit: form.cardPerUnit,
    editionSize: editionSizeOf(form.editionSize),
    card: form.issueCard
      ? {
          name: form.name,
          media: { imageUrls: lines(form.imageUrls), videoUrls: lines(form.videoUrls) },
          metadata: form.metadata.map((row) => ({
            key: row.key.trim(),
            value: row.metaType === "PRICE" ? priceOf(row.value) : row.value,
            metaType: row.metaType,
            visibility: row.private ? "PRIVATE" : "PUBLIC",
          })),
        }
      : null,
  };
}

/** A saved rule as the form shows it for editing; prices the merchant's way (`189,90 €` in French), with the currency's decimals. */
export function ruleFormOf(rule: IssuingRule, format: Formatter): RuleForm {
  const card = rule.card;
  return {
    targetType: rule.targetType,
    targetId: rule.targetId,
    targetTitle: rule.targetTitle,
    trigger: rule.trigger,
    issueTwin: rule.issueTwin,
    issueCard: card !== null,
    cardPerUnit: rule.cardPerUnit,
    name: card?.name ?? "",
    imageUrls: card?.media.imageUrls.join("\n") ?? "",
    videoUrls: card?.media.videoUrls.join("\n") ?? "",
    metadata: (card?.metadata ?? []).map((entry, index) => ({
      id: `saved-${index}`,
      key: entry.key,
      value: metadataText(entry.metaType, entry.value, format),
      metaType: isMetaType(entry.metaType) ? entry.metaType : "NO_TYPE",
      private: entry.visibility === "PRIVATE",
    })),
    editionSize: rule.editionSize === null ? "" : String(rule.editionSize),
  };
}

function metadataText(metaType: string, value: unknown, format: Formatter): string {
  if (metaType === "PRICE" && Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "string") {
    return format.money(value[0], value[1]);
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A post that is not this page's form (a stale tab, a hand-made request). */
export const unreadableRule = (t: Translator): Extract<ActionResult<never>, { ok: false }> => ({
  intent: "save",
  ok: false,
  message: t("automation.form.unreadable"),
  fieldErrors: {},
});
