import { Badge, Banner, BlockStack, Box, Button, Card, Divider, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NameRecord } from "~/domain/schemas";
import type { OrderedProduct } from "~/adapters/shopify/admin-customers.server";
import { shortAddress } from "../ChainStatusCell";
import { useIntentFetcher } from "./use-intent-fetcher";
import { PlanLimitBanner } from "../PlanLimitBanner";

const EMPTY_TWIN = {
  title: "",
  description: "",
  creator: "",
  quantity: "1",
  price: "",
  currency: "",
  brand: "",
  categories: "",
  links: "",
  images: "",
};
type TwinFields = typeof EMPTY_TWIN;

const fromProduct = (product: OrderedProduct): TwinFields => ({
  title: product.title,
  description: product.description,
  creator: "",
  quantity: String(product.quantity),
  price: product.price ?? "",
  currency: product.currency ?? "",
  brand: product.vendor,
  categories: [product.productType, ...product.tags].filter(Boolean).join(", "),
  links: product.url ?? "",
  images: product.images.join("\n"),
});

/** Issuing a twin in two steps: validate the customer's universal name, then the twin form it unlocks. */
export function IssueTwinCard({ products }: { products: OrderedProduct[] }) {
  const { t } = useTranslation();
  const step1 = useIntentFetcher<NameRecord>("validate-name");
  const step2 = useIntentFetcher<{ title: string; chain: unknown }>("issue-twin", (twin) =>
    t(twin.chain ? "customer.issueTwin.issuedMinting" : "customer.issueTwin.issued", { title: twin.title }),
  );
  const [name, setName] = useState("");
  const [validated, setValidated] = useState<NameRecord | null>(null);
  const [productIndex, setProductIndex] = useState("");
  const [twin, setTwin] = useState<TwinFields>(EMPTY_TWIN);

  useEffect(() => setValidated(step1.success ?? null), [step1.success]);
  useEffect(() => {
    if (step2.success) {
      setTwin(EMPTY_TWIN);
      setProductIndex("");
    }
  }, [step2.success]);

  const field = (key: keyof TwinFields) => ({
    name: key,
    value: twin[key],
    onChange: (value: string) => setTwin((current) => ({ ...current, [key]: value })),
    error: step2.fieldErrors[key] ?? Object.entries(step2.fieldErrors).find(([path]) => path.startsWith(`${key}[`))?.[1],
    autoComplete: "off",
  });
  const productOptions = [
    { label: products.length ? t("customer.issueTwin.chooseProduct") : t("customer.issueTwin.noOrders"), value: "" },
    ...products.map((product, index) => ({
      label: t("customer.issueTwin.productOption", { title: product.title, order: product.orderName, quantity: product.quantity }),
      value: String(index),
    })),
  ];

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            {t("customer.issueTwin.title")}
          </Text>
          <Badge tone={validated ? "success" : undefined}>
            {validated ? t("customer.issueTwin.step2") : t("customer.issueTwin.step1")}
          </Badge>
        </InlineStack>
        <step1.fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="validate-name" />
          <FormLayout>
            <TextField
              label={t("customer.issueTwin.name")}
              name="name"
              value={name}
              onChange={(value) => {
                setName(value);
                setValidated(null);
              }}
              error={step1.fieldErrors.name}
              helpText={t("customer.issueTwin.nameHelp")}
              autoComplete="off"
              connectedRight={
                <Button submit loading={step1.busy}>
                  {t("customer.issueTwin.validate")}
                </Button>
              }
            />
          </FormLayout>
        </step1.fetcher.Form>

        {validated ? (
          <Banner
            tone="success"
            title={t("customer.issueTwin.registeredTo", { name: validated.uns_name, wallet: shortAddress(validated.public_key) })}
          >
            <BlockStack gap="100">
              <Text as="p">
                {t("customer.issueTwin.nameId")}{" "}
                <Text as="span" fontWeight="semibold">
                  {validated.uns_name_id}
                </Text>
              </Text>
              <Text as="p" breakWord>
                {t("customer.issueTwin.publicKey")}{" "}
                <Text as="span" fontWeight="semibold">
                  {validated.public_key}
                </Text>
              </Text>
            </BlockStack>
          </Banner>
        ) : (
          <Box background="bg-surface-secondary" padding="300" borderRadius="200">
            <Text as="p" tone="subdued">
              {t("customer.issueTwin.locked")}
            </Text>
          </Box>
        )}

        {validated && (
          <>
            <Divider />
            <step2.fetcher.Form method="post" noValidate>
              <input type="hidden" name="intent" value="issue-twin" />
              <input type="hidden" name="name_id" value={validated.uns_name_id} />
              <input type="hidden" name="public_key" value={validated.public_key} />
              {/* The variant picked, for its GS1 identity: the server reads its barcode from Shopify again. */}
              {products[Number(productIndex)]?.variantId && productIndex !== "" && (
                <input type="hidden" name="variant_id" value={products[Number(productIndex)]!.variantId!} />
              )}
              <FormLayout>
                {step2.planLimit && <PlanLimitBanner message={step2.message!} />}
                {step2.message && !step2.planLimit && !Object.keys(step2.fieldErrors).some((path) => path in EMPTY_TWIN) && (
                  <Banner tone="critical">{step2.message}</Banner>
                )}
                <Select
                  label={t("customer.issueTwin.prefill")}
                  options={productOptions}
                  value={productIndex}
                  disabled={products.length === 0}
                  onChange={(value) => {
                    setProductIndex(value);
                    const product = products[Number(value)];
                    if (value !== "" && product) setTwin(fromProduct(product));
                  }}
                />
                <TextField label={t("customer.issueTwin.titleField")} {...field("title")} />
                <TextField label={t("customer.issueTwin.description")} multiline={3} {...field("description")} />
                <FormLayout.Group condensed>
                  <TextField label={t("customer.issueTwin.quantity")} type="number" min={1} {...field("quantity")} />
                  <TextField label={t("customer.issueTwin.price")} type="number" min={0} step={0.01} {...field("price")} />
                  <TextField label={t("customer.issueTwin.currency")} maxLength={3} placeholder="EUR" {...field("currency")} />
                </FormLayout.Group>
                <FormLayout.Group>
                  <TextField label={t("customer.issueTwin.brand")} {...field("brand")} />
                  <TextField label={t("customer.issueTwin.creator")} {...field("creator")} />
                </FormLayout.Group>
                <TextField
                  label={t("customer.issueTwin.categories")}
                  helpText={t("customer.issueTwin.categoriesHelp")}
                  {...field("categories")}
                />
                <TextField label={t("customer.issueTwin.links")} multiline={2} helpText={t("common.oneUrlPerLine")} {...field("links")} />
                <TextField label={t("customer.issueTwin.images")} multiline={2} helpText={t("common.oneUrlPerLine")} {...field("images")} />
                <InlineStack align="end">
                  <Button submit variant="primary" loading={step2.busy}>
                    {t("customer.issueTwin.submit")}
                  </Button>
                </InlineStack>
              </FormLayout>
            </step2.fetcher.Form>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
