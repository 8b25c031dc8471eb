import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

const VARIABLES = ["shop.name", "customer.first_name", "card.name", "cards", "code", "claim_url", "expires_at"] as const;

/** The variables a template may use, and what each holds. */
export function MessageVariables() {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("messages.variables")}
        </Text>
        <Text as="p" tone="subdued">
          {t("messages.variablesHelp")}
        </Text>
        <BlockStack gap="100" as="ul">
          {VARIABLES.map((name) => (
            <li key={name} style={{ listStyle: "none" }}>
              <Text as="span" fontWeight="semibold">
                <code>{`{{ ${name} }}`}</code>
              </Text>{" "}
              <Text as="span" tone="subdued">
                {t(`messages.variable.${name.replace(".", "_")}` as "messages.variable.code")}
              </Text>
            </li>
          ))}
        </BlockStack>
        <Text as="p" tone="subdued">
          {t("messages.loopExample")} <code>{"{% for card in cards %}{{ card.name }}{% endfor %}"}</code>
        </Text>
      </BlockStack>
    </Card>
  );
}
