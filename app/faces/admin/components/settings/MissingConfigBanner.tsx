import { Banner, BlockStack, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { ConfigProblem } from "~/domain/ports";

/** A wallet that is off: the environment variables still to set, what is wrong with the others (in the admin's language), where they are described. */
export function MissingConfigBanner({
  words,
  missing,
  problem,
}: {
  words: "walletPasses" | "googleWallet";
  missing: string[];
  problem: ConfigProblem | null;
}) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t(`${words}.off`)}>
      <BlockStack gap="200">
        {missing.length > 0 && (
          <>
            <Text as="p">{t(`${words}.offHelp`)}</Text>
            <List>
              {missing.map((variable) => (
                <List.Item key={variable}>
                  <code>{variable}</code>
                </List.Item>
              ))}
            </List>
          </>
        )}
        {problem && (
          <Text as="p">
            {t(`${words}.problem`, {
              // The reason in the admin's language; its English if a newer reason has no words here yet.
              problem: t(`${words}.problems.${problem.key}`, { ...problem.values, defaultValue: problem.text }),
            })}
          </Text>
        )}
        <Text as="p">{t(`${words}.docs`)}</Text>
      </BlockStack>
    </Banner>
  );
}
