import { Text } from "@shopify/polaris";
import { useSerialLabel, type Numbered } from "~/faces/admin/i18n/use-serial";

/** An item's "#12 of 250" under its name in a list; nothing for an item outside an edition. */
export function SerialText({ item }: { item: Numbered }) {
  const label = useSerialLabel()(item);
  return label ? (
    <Text as="span" variant="bodySm" fontWeight="medium">
      {label}
    </Text>
  ) : null;
}
