import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";

/** What a merchant still has to do before customers can use Twin Cards. */
export function SetupChecklist({ hasApiKey }: { hasApiKey: boolean }) {
  const steps = [
    { done: hasApiKey, title: "Create an API key", detail: "For the issuing API, from Settings.", to: "/app/settings" },
    {
      done: false,
      title: "Add the storefront blocks",
      detail: "In the theme editor, add the “My cards” and “Claim a card” blocks so customers can see and claim their cards.",
      to: undefined,
    },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Setup</Text>
        {steps.map((step) => (
          <InlineStack key={step.title} gap="300" blockAlign="start" wrap={false}>
            <Badge tone={step.done ? "success" : "attention"}>{step.done ? "Done" : "To do"}</Badge>
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
