import { useLocation } from "@remix-run/react";
import { Box, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { SHOPIFY_PARAMS } from "~/faces/demo/shopify-params";

const LANGUAGES = [
  { locale: "en", key: "demo.english" },
  { locale: "fr", key: "demo.french" },
] as const;

/**
 * Demo only: the language Shopify admin would be in for the merchant. Each
 * choice opens the current page again through /demo with that `locale`, as
 * Shopify admin reloads the app when a merchant changes their language.
 */
export function DemoLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const name of SHOPIFY_PARAMS) params.delete(name);
  const page = params.size ? `${pathname}?${params}` : pathname;
  return (
    <Box paddingInline="400" paddingBlockStart="200">
      <InlineStack gap="200" align="end" blockAlign="center">
        <Text as="span" variant="bodySm" tone="subdued">
          {t("demo.language")}
        </Text>
        {LANGUAGES.map(({ locale, key }) =>
          i18n.language === locale ? (
            <Text key={locale} as="span" variant="bodySm" fontWeight="semibold">
              {t(key)}
            </Text>
          ) : (
            // A full load, as Shopify admin reopens the app: not a client-side navigation.
            <a
              key={locale}
              href={`/demo?${new URLSearchParams({ to: page, locale })}`}
              lang={locale}
              style={{ fontSize: "var(--p-font-size-300)" }}
            >
              {t(key)}
            </a>
          ),
        )}
      </InlineStack>
    </Box>
  );
}
