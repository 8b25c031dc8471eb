import { Banner, BlockStack, Button, Card, ChoiceList, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { NameRecord, UnitCard } from "~/domain/schemas";
import type { CustomerSummary } from "~/shopify/admin-customers.server";
import { CopyButton } from "../CopyButton";
import { useIntentFetcher } from "./use-intent-fetcher";

/** A card for this customer: owned now (their wallet) or claimed later with a code sent to them. */
export function CreateCardCard({ customer, names }: { customer: CustomerSummary; names: NameRecord[] }) {
  const create = useIntentFetcher<UnitCard>("create-card", (card) => `Card “${card.name}” created`);
  const [mode, setMode] = useState<"owner" | "redemption">(names.length ? "owner" : "redemption");
  const [name, setName] = useState("");
  const [imageUrls, setImageUrls] = useState("");
  const [email, setEmail] = useState(customer.email ?? "");
  const [phone, setPhone] = useState(customer.phone ?? "");
  const [publicKey, setPublicKey] = useState(names[0]?.public_key ?? "");
  const errors = create.fieldErrors;

  useEffect(() => {
    if (create.success) {
      setName("");
      setImageUrls("");
    }
  }, [create.success]);

  return (
    <Card>
      {/* noValidate: errors show under their field in the app's words, not in the browser's popup. */}
      <create.fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="create-card" />
        <input type="hidden" name="mode" value={mode} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">Create a card for {customer.name}</Text>
          {create.success?.redemption?.code && (
            <Banner tone="success" title="Card created: a claim code was sent">
              <InlineStack gap="300" blockAlign="center">
                <Text as="p">Code <Text as="span" fontWeight="bold">{create.success.redemption.code}</Text> — shown only now.</Text>
                <CopyButton value={create.success.redemption.code} label="Copy code" copiedMessage="Redemption code copied" />
              </InlineStack>
            </Banner>
          )}
          <FormLayout>
            <ChoiceList
              title="How the customer gets it"
              choices={[
                { label: "Owned now, in their wallet", value: "owner", disabled: names.length === 0,
                  helpText: names.length ? undefined : "Register a universal name for them first" },
                { label: "Claimed with a code sent to them", value: "redemption" },
              ]}
              selected={[mode]}
              onChange={([value]) => setMode(value as typeof mode)}
            />
            <TextField label="Card name" name="name" value={name} onChange={setName} error={errors.name} autoComplete="off" />
            <TextField label="Image URLs" name="imageUrls" value={imageUrls} onChange={setImageUrls} multiline={2}
              helpText="One URL per line" error={Object.entries(errors).find(([path]) => path.startsWith("media"))?.[1]} autoComplete="off" />
            {mode === "owner" ? (
              <Select label="Wallet" name="publicKey" value={publicKey} onChange={setPublicKey} error={errors.publicKey ?? errors.owner}
                options={names.map((entry) => ({ label: `${entry.uns_name} — ${entry.public_key.slice(0, 8)}…`, value: entry.public_key }))} />
            ) : (
              <FormLayout.Group>
                <TextField label="E-mail" name="email" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="off" />
                <TextField label="Phone" name="phone" type="tel" value={phone} onChange={setPhone} error={errors.phone} autoComplete="off" />
              </FormLayout.Group>
            )}
            <Button submit variant="primary" loading={create.busy}>Create card</Button>
          </FormLayout>
        </BlockStack>
      </create.fetcher.Form>
    </Card>
  );
}
