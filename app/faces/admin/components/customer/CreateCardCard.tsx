import { Banner, BlockStack, Button, Card, ChoiceList, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NameRecord, UnitCard } from "~/domain/schemas";
import type { CustomerSummary } from "~/adapters/shopify/admin-customers.server";
import { CopyButton } from "../CopyButton";
import { FilesPicker } from "../FilesPicker";
import { PlanLimitBanner } from "../PlanLimitBanner";
import { useIntentFetcher } from "./use-intent-fetcher";

/** A card for this customer: owned now (their wallet) or claimed later with a code sent to them. */
export function CreateCardCard({ customer, names }: { customer: CustomerSummary; names: NameRecord[] }) {
  const { t } = useTranslation();
  const create = useIntentFetcher<UnitCard>("create-card", (card) => t("customer.createCard.created", { name: card.name }));
  const [mode, setMode] = useState<"owner" | "redemption">(names.length ? "owner" : "redemption");
  const [name, setName] = useState("");
  const [imageUrls, setImageUrls] = useState("");
  const [pickingImage, setPickingImage] = useState(false);
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
        {/* The claim message greets the customer and speaks their language (Shopify's customer record). */}
        {mode === "redemption" && customer.locale && <input type="hidden" name="locale" value={customer.locale} />}
        {mode === "redemption" && customer.firstName && <input type="hidden" name="firstName" value={customer.firstName} />}
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("customer.createCard.title", { name: customer.name })}
          </Text>
          {create.success?.redemption?.code && (
            <Banner tone="success" title={t("customer.createCard.createdWithCode")}>
              <InlineStack gap="300" blockAlign="center">
                <Text as="p">
                  {t("customer.createCard.code")}{" "}
                  <Text as="span" fontWeight="bold">
                    {create.success.redemption.code}
                  </Text>{" "}
                  {t("customer.createCard.shownOnce")}
                </Text>
                <CopyButton value={create.success.redemption.code} label={t("common.copyCode")} copiedMessage={t("common.codeCopied")} />
              </InlineStack>
            </Banner>
          )}
          {create.planLimit && <PlanLimitBanner message={create.message!} />}
          {/* A refusal no field shows (a code already in use…): said above the form. */}
          {create.message && !create.planLimit && Object.keys(errors).length === 0 && <Banner tone="critical">{create.message}</Banner>}
          <FormLayout>
            <ChoiceList
              title={t("customer.createCard.how")}
              choices={[
                {
                  label: t("customer.createCard.owned"),
                  value: "owner",
                  disabled: names.length === 0,
                  helpText: names.length ? undefined : t("customer.createCard.ownedNeedsName"),
                },
                { label: t("customer.createCard.byCode"), value: "redemption" },
              ]}
              selected={[mode]}
              onChange={([value]) => setMode(value as typeof mode)}
            />
            <TextField
              label={t("customer.createCard.cardName")}
              name="name"
              value={name}
              onChange={setName}
              error={errors.name}
              autoComplete="off"
            />
            <TextField
              label={t("customer.createCard.imageUrls")}
              name="imageUrls"
              value={imageUrls}
              onChange={setImageUrls}
              multiline={2}
              helpText={t("common.oneUrlPerLine")}
              labelAction={{ content: t("files.choose"), onAction: () => setPickingImage(true) }}
              error={Object.entries(errors).find(([path]) => path.startsWith("media"))?.[1]}
              autoComplete="off"
            />
            {mode === "owner" ? (
              <Select
                label={t("common.wallet")}
                name="publicKey"
                value={publicKey}
                onChange={setPublicKey}
                error={errors.publicKey ?? errors.owner}
                options={names.map((entry) => ({ label: `${entry.uns_name} — ${entry.public_key.slice(0, 8)}…`, value: entry.public_key }))}
              />
            ) : (
              <FormLayout.Group>
                <TextField
                  label={t("common.email")}
                  name="email"
                  type="email"
                  value={email}
                  onChange={setEmail}
                  error={errors.email}
                  autoComplete="off"
                />
                <TextField
                  label={t("common.phone")}
                  name="phone"
                  type="tel"
                  value={phone}
                  onChange={setPhone}
                  error={errors.phone}
                  autoComplete="off"
                />
              </FormLayout.Group>
            )}
            <Button submit variant="primary" loading={create.busy}>
              {t("customer.createCard.submit")}
            </Button>
          </FormLayout>
        </BlockStack>
      </create.fetcher.Form>
      <FilesPicker
        open={pickingImage}
        onClose={() => setPickingImage(false)}
        onPick={(url) => setImageUrls((current) => [current.trim(), url].filter(Boolean).join("\n"))}
      />
    </Card>
  );
}
