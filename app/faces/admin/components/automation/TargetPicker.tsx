import { Select, type SelectGroup } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { RuleTargets } from "~/adapters/shopify/admin-rule-targets.server";
import type { RuleForm } from "~/faces/admin/rule-form.server";

type Target = Pick<RuleForm, "targetType" | "targetId" | "targetTitle">;

const SEPARATOR = " ";
const valueOf = (target: Pick<Target, "targetType" | "targetId">) =>
  target.targetId ? `${target.targetType}${SEPARATOR}${target.targetId}` : "";

/**
 * Products (with their variants, when they have more than Shopify's default one)
 * and collections in one list; a saved target the shop no longer lists stays
 * choosable under its saved title.
 */
export function TargetPicker({
  targets,
  value,
  onChange,
  error,
}: {
  targets: RuleTargets;
  value: Target;
  onChange: (target: Target) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const titles = new Map<string, string>();
  const productOptions = targets.products.flatMap((product) => {
    titles.set(valueOf({ targetType: "PRODUCT", targetId: product.id }), product.title);
    const ownVariants = product.variants.length > 1 ? product.variants : [];
    return [
      { value: valueOf({ targetType: "PRODUCT", targetId: product.id }), label: product.title },
      ...ownVariants.map((variant) => {
        const label = t("automation.form.variantOption", { product: product.title, variant: variant.title });
        titles.set(valueOf({ targetType: "VARIANT", targetId: variant.id }), label);
        return { value: valueOf({ targetType: "VARIANT", targetId: variant.id }), label };
      }),
    ];
  });
  const collectionOptions = targets.collections.map((collection) => {
    titles.set(valueOf({ targetType: "COLLECTION", targetId: collection.id }), collection.title);
    return { value: valueOf({ targetType: "COLLECTION", targetId: collection.id }), label: collection.title };
  });
  const selected = valueOf(value);
  const groups: SelectGroup[] = [];
  if (selected && !titles.has(selected)) {
    groups.push({ title: t(`automation.targetType.${value.targetType}`), options: [{ value: selected, label: value.targetTitle }] });
  }
  if (productOptions.length) groups.push({ title: t("automation.form.products"), options: productOptions });
  if (collectionOptions.length) groups.push({ title: t("automation.form.collections"), options: collectionOptions });

  const choose = (chosen: string) => {
    const [type, id] = chosen.split(SEPARATOR) as [Target["targetType"], string];
    onChange({ targetType: type, targetId: id, targetTitle: titles.get(chosen) ?? value.targetTitle });
  };
  return (
    <Select
      label={t("automation.form.target")}
      placeholder={t("automation.form.targetPlaceholder")}
      options={groups}
      value={selected}
      onChange={choose}
      helpText={groups.length ? t("automation.form.targetHelp") : t("automation.form.noTargets")}
      error={error}
    />
  );
}
