import { BlockStack, Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NameRecord } from "~/domain/schemas";
import { useIntentFetcher } from "./use-intent-fetcher";

/** Registers a universal name for this customer's wallet. */
export function RegisterNameCard() {
  const { t } = useTranslation();
  const register = useIntentFetcher<NameRecord>("register-name", (name) => t("customer.registerName.registered", { name: name.uns_name }));
  const [name, setName] = useState("");
  const [publicKey, setPublicKey] = useState("");

  useEffect(() => {
    if (register.success) {
      setName("");
      setPublicKey("");
    }
  }, [register.success]);

  return (
    <Card>
      <register.fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="register-name" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("customer.registerName.title")}
          </Text>
          <FormLayout>
            <TextField
              label={t("customer.registerName.name")}
              name="name"
              value={name}
              onChange={setName}
              error={register.fieldErrors.name}
              helpText={t("customer.registerName.nameHelp")}
              autoComplete="off"
            />
            <TextField
              label={t("common.walletPublicKey")}
              name="publicKey"
              value={publicKey}
              onChange={setPublicKey}
              error={register.fieldErrors.publicKey}
              helpText={t("customer.registerName.keyHelp")}
              autoComplete="off"
            />
            <Button submit loading={register.busy}>
              {t("customer.registerName.submit")}
            </Button>
          </FormLayout>
        </BlockStack>
      </register.fetcher.Form>
    </Card>
  );
}
