import { BlockStack, Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { NameRecord } from "~/domain/schemas";
import { useIntentFetcher } from "./use-intent-fetcher";

/** Registers a universal name for this customer's wallet. */
export function RegisterNameCard() {
  const register = useIntentFetcher<NameRecord>("register-name", (name) => `“${name.uns_name}” registered`);
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
          <Text as="h2" variant="headingMd">Register a universal name</Text>
          <FormLayout>
            <TextField label="Universal name" name="name" value={name} onChange={setName} error={register.fieldErrors.name}
              helpText="3–32 characters: a–z, 0–9, . _ -" autoComplete="off" />
            <TextField label="Wallet public key" name="publicKey" value={publicKey} onChange={setPublicKey}
              error={register.fieldErrors.publicKey} helpText="The customer's Solana wallet address" autoComplete="off" />
            <Button submit loading={register.busy}>Register name</Button>
          </FormLayout>
        </BlockStack>
      </register.fetcher.Form>
    </Card>
  );
}
