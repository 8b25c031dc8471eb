import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { STOREFRONT_BLOCKS, themeEditorLink } from "~/faces/admin/theme-editor-link";

/** What a merchant still has to do before customers can use Twin Cards. */
export function SetupChecklist({
  hasApiKey,
  storefrontBlockSeen,
  shop,
  apiKey,
}: {
  hasApiKey: boolean;
  storefrontBlockSeen: boolean;
  /** The shop's *.myshopify.com domain and the app's client id: the theme editor's deep links need both. */
  shop: string;
  apiKey: string;
}) {
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
              {step.id === "blocks" && (
                <InlineStack gap="400">
                  {STOREFRONT_BLOCKS.map((block) => (
                    // The theme editor is Shopify admin's own page: it opens in the top window, not in the app's frame.
                    <Link key={block} url={themeEditorLink({ shop, apiKey, block })} target="_top">
                      {t(`setup.addBlock.${block}`)}
                    </Link>
                  ))}
                </InlineStack>
              )}
            </BlockStack>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
