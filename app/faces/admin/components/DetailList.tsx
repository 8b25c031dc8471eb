import { BlockStack, Box, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** Label and value lines, as a detail page's card shows an item's fields. */
export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <BlockStack gap="200">
      {rows.map(([label, value]) => (
        <InlineStack key={label} gap="400" wrap={false} blockAlign="start">
          <Box minWidth="8rem">
            <Text as="span" tone="subdued">
              {label}
            </Text>
          </Box>
          <Box>
            {typeof value === "string" || typeof value === "number" ? (
              <Text as="span" breakWord>
                {value}
              </Text>
            ) : (
              value
            )}
          </Box>
        </InlineStack>
      ))}
    </BlockStack>
  );
}
