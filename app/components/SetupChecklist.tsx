import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";

/** What a merchant still has to do before customers can use Twin Cards. */
export function SetupChecklist({ hasApiKey, storefrontBlockSeen }: { hasApiKey: boolean; storefrontBlockSeen: boolean }) {
  const steps = [
    { done: hasApiKey, title: "Create an API key", detail: "For the issuing API, from Settings.", to: "/app/settings" },
    {
      done: storefrontBlockSeen,
      title: "Add the storefront blocks",
      detail: storefrontBlockSeen
        ? "A customer's “My cards” block has loaded on your storefront."
        : "In the theme editor, add the “My cards” and “Claim a card” blocks so customers can see and claim their cards. This turns done once a logged-in customer's block loads.",
      to: undefined,
    },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Setup</Text>
        {steps.map((step) => (
          <InlineStack key={step.title} gap="300" blockAlign="start" wrap={false}>
            {/* The badge keeps its width: a long detail beside it must not squeeze "To do" onto two lines. */}
            <span style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
              <Badge tone={step.done ? "success" : "attention"}>{step.done ? "Done" : "To do"}</Badge>
            </span>
            <BlockStack gap="100">
              <Text as="p" variant="bodyMd" fontWeight="semibold">
                {step.to ? <Link url={step.to}>{step.title}</Link> : step.title}
              </Text>
              <Text as="p" tone="subdued">{step.detail}</Text>
            </BlockStack>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
