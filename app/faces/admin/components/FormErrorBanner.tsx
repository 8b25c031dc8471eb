import { Banner, Layout, List, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

export interface UnplacedError {
  path: string;
  message: string;
}

/**
 * The errors of a failed action that no field on the page can show (a conflict,
 * a rule about the whole form). Field errors belong next to their field.
 */
export function FormErrorBanner({ title, errors }: { title: string; errors: UnplacedError[] }) {
  const { t } = useTranslation();
  return (
    <Banner tone="critical" title={title}>
      {errors.length === 1 && !errors[0]?.path ? (
        <Text as="p">{errors[0]?.message}</Text>
      ) : (
        <List type="bullet">
          {errors.map((error) => (
            <List.Item key={error.path || error.message}>
              {error.path ? t("common.atField", { path: error.path, message: error.message }) : error.message}
            </List.Item>
          ))}
        </List>
      )}
    </Banner>
  );
}

/**
 * The banner above a refused form: the errors no field shows, or — when every
 * error is at its field — `fixFields`, or the failure's own message when none is.
 */
export function RefusedFormBanner({
  title,
  unplaced,
  hasFieldErrors,
  fixFields,
  message,
}: {
  title: string;
  unplaced: UnplacedError[];
  hasFieldErrors: boolean;
  fixFields: string;
  message: string;
}) {
  return (
    <Layout.Section>
      <FormErrorBanner title={title} errors={unplaced.length ? unplaced : [{ path: "", message: hasFieldErrors ? fixFields : message }]} />
    </Layout.Section>
  );
}
