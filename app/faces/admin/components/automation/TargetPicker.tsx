import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Box, Button, InlineError, InlineStack, Select, Text, Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RuleForm } from "~/faces/admin/rule-form.server";

type Target = Pick<RuleForm, "targetType" | "targetId" | "targetTitle">;
type TargetType = Target["targetType"];

const PICKER_TYPE = { PRODUCT: "product", VARIANT: "variant", COLLECTION: "collection" } as const;
const TARGET_TYPES = Object.keys(PICKER_TYPE) as TargetType[];

/** What App Bridge's resource picker resolves to, as far as a target needs it. */
interface Picked {
  id: string;
  title?: string;
  displayName?: string;
  images?: { originalSrc: string }[];
  image?: { originalSrc: string } | null;
  product?: { title?: string; images?: { originalSrc: string }[] };
}

function targetOf(type: TargetType, picked: Picked): { target: Target; image: string | null } {
  const title = picked.displayName ?? picked.title ?? picked.id;
  const image = picked.image?.originalSrc ?? picked.images?.[0]?.originalSrc ?? picked.product?.images?.[0]?.originalSrc ?? null;
  return { target: { targetType: type, targetId: picked.id, targetTitle: title }, image };
}

/**
 * The rule's target, picked with Shopify's resource picker (App Bridge: search over the whole
 * catalogue, not a list of the first 100): its title and picture, with Change and Remove.
 * The server looks the id up again in the shop before saving.
 */
export function TargetPicker({
  value,
  savedImage,
  onChange,
  error,
}: {
  value: Target;
  /** The saved target's picture, if it has one. */
  savedImage: string | null;
  onChange: (target: Target) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const [image, setImage] = useState<{ id: string; url: string | null }>({ id: value.targetId, url: savedImage });
  const [kind, setKind] = useState<TargetType>(value.targetType);

  const pick = async (type: TargetType) => {
    const selection = (await shopify.resourcePicker({
      type: PICKER_TYPE[type],
      action: "select",
      multiple: false,
      filter: { variants: type === "VARIANT" },
      selectionIds: value.targetId && value.targetType === type ? [{ id: value.targetId }] : [],
    })) as Picked[] | undefined;
    const first = selection?.[0];
    if (!first) return;
    const picked = targetOf(type, first);
    setImage({ id: picked.target.targetId, url: picked.image });
    onChange(picked.target);
  };
  const remove = () => onChange({ targetType: kind, targetId: "", targetTitle: "" });
  const shownImage = image.id === value.targetId ? image.url : null;

  return (
    <BlockStack gap="200">
      <Text as="h2" variant="headingSm">
        {t("automation.form.target")}
      </Text>
      {value.targetId ? (
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Thumbnail
            source={shownImage ?? ImageIcon}
            alt={shownImage ? t("automation.form.targetImageAlt", { title: value.targetTitle }) : ""}
            size="small"
          />
          <Box minWidth="0" width="100%">
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold" breakWord>
                <span data-testid="rule-target-title">{value.targetTitle}</span>
              </Text>
              <Text as="p" tone="subdued">
                {t(`automation.targetType.${value.targetType}`)}
              </Text>
            </BlockStack>
          </Box>
          <InlineStack gap="200" wrap={false}>
            <Button onClick={() => void pick(value.targetType)}>{t("automation.form.changeTarget")}</Button>
            <Button variant="tertiary" tone="critical" onClick={remove}>
              {t("automation.form.removeTarget")}
            </Button>
          </InlineStack>
        </InlineStack>
      ) : (
        <BlockStack gap="200">
          <Text as="p" tone="subdued">
            {t("automation.form.noTarget")}
          </Text>
          <InlineStack gap="200" blockAlign="end">
            <Select
              label={t("automation.form.targetKind")}
              options={TARGET_TYPES.map((type) => ({ value: type, label: t(`automation.targetType.${type}`) }))}
              value={kind}
              onChange={(chosen) => setKind(chosen as TargetType)}
            />
            <Button variant="primary" onClick={() => void pick(kind)}>
              {t(`automation.form.pick.${kind}`)}
            </Button>
          </InlineStack>
        </BlockStack>
      )}
      <Text as="p" tone="subdued">
        {t("automation.form.targetHelp")}
      </Text>
      {error && <InlineError message={error} fieldID="rule-target" />}
    </BlockStack>
  );
}
