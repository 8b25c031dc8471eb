import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** What a merchant still has to do before customers can use Twin Cards. */
export function SetupChecklist({ hasApiKey, storefrontBlockSeen }: { hasApiKey: boolean; storefrontBlockSeen: boolean }) {
  const { t } = useTranslation();
  const steps = [
    { id: "api-key", done: hasApiKey, title: t("setup.apiKeyTitle"), detail: t("setup.apiKeyDetail"), to: "/app/settings" },
    {
      id: "blocks",
      done: storefrontBlockSeen,
      title: t("setup.blocksTitle"),
      detail: storefrontBlockSeen ? t("setup.blocksSeen") : t("setup.blocksToDo"),
      to: undefined,
    },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("setup.title")}
        </Text>
        {steps.map((step) => (
          <InlineStack key={step.id} gap="300" blockAlign="start" wrap={false}>
            {/* The badge keeps its width: a long detail beside it must not squeeze "To do" onto two lines. */}
            <span style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
              <Badge tone={step.done ? "success" : "attention"}>{step.done ? t("setup.done") : t("setup.toDo")}</Badge>
            </span>
            <BlockStack gap="100">
              <Text as="p" variant="bodyMd" fontWeight="semibold">
                {step.to ? <Link url={step.to}>{step.title}</Link> : step.title}
              </Text>
              <Text as="p" tone="subdued">
                {step.detail}
              </Text>
            </BlockStack>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
