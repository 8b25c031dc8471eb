import { Badge, Banner, BlockStack, Box, Button, Card, Divider, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { NameRecord } from "~/domain/schemas";
import type { OrderedProduct } from "~/shopify/admin-customers.server";
import { shortAddress } from "../ChainStatusCell";
import { useIntentFetcher } from "./use-intent-fetcher";

const EMPTY_TWIN = { title: "", description: "", creator: "", quantity: "1", price: "", currency: "", brand: "", categories: "", links: "", images: "" };
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
  const step1 = useIntentFetcher<NameRecord>("validate-name");
  const step2 = useIntentFetcher<{ title: string; chain: unknown }>("issue-twin", (twin) =>
    twin.chain ? `Digital twin “${twin.title}” issued; its NFT is being minted` : `Digital twin “${twin.title}” issued`);
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
    { label: products.length ? "Choose a product this customer ordered" : "This customer has no orders", value: "" },
    ...products.map((product, index) => ({ label: `${product.title} — ${product.orderName}, qty ${product.quantity}`, value: String(index) })),
  ];

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">Issue a digital twin</Text>
          <Badge tone={validated ? "success" : undefined}>{validated ? "Step 2 of 2" : "Step 1 of 2"}</Badge>
        </InlineStack>
        <step1.fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="validate-name" />
          <FormLayout>
            <TextField
              label="Customer's universal name"
              name="name"
              value={name}
              onChange={(value) => {
                setName(value);
                setValidated(null);
              }}
              error={step1.fieldErrors.name}
              helpText="Step 1: validate the name the twin is issued to."
              autoComplete="off"
              connectedRight={<Button submit loading={step1.busy}>Validate</Button>}
            />
          </FormLayout>
        </step1.fetcher.Form>

        {validated ? (
          <Banner tone="success" title={`“${validated.uns_name}” is registered to ${shortAddress(validated.public_key)}`}>
            <BlockStack gap="100">
              <Text as="p">Name id: <Text as="span" fontWeight="semibold">{validated.uns_name_id}</Text></Text>
              <Text as="p" breakWord>Public key: <Text as="span" fontWeight="semibold">{validated.public_key}</Text></Text>
            </BlockStack>
          </Banner>
        ) : (
          <Box background="bg-surface-secondary" padding="300" borderRadius="200">
            <Text as="p" tone="subdued">Step 2, the twin's details, unlocks once the name is validated.</Text>
          </Box>
        )}

        {validated && (
          <>
            <Divider />
            <step2.fetcher.Form method="post" noValidate>
              <input type="hidden" name="intent" value="issue-twin" />
              <input type="hidden" name="name_id" value={validated.uns_name_id} />
              <input type="hidden" name="public_key" value={validated.public_key} />
              <FormLayout>
                {step2.message && !Object.keys(step2.fieldErrors).some((path) => path in EMPTY_TWIN) && (
                  <Banner tone="critical">{step2.message}</Banner>
                )}
                <Select
                  label="Pre-fill from an ordered product"
                  options={productOptions}
                  value={productIndex}
                  disabled={products.length === 0}
                  onChange={(value) => {
                    setProductIndex(value);
                    const product = products[Number(value)];
                    if (value !== "" && product) setTwin(fromProduct(product));
                  }}
                />
                <TextField label="Title" {...field("title")} />
                <TextField label="Description" multiline={3} {...field("description")} />
                <FormLayout.Group condensed>
                  <TextField label="Quantity" type="number" min={1} {...field("quantity")} />
                  <TextField label="Price" type="number" min={0} step={0.01} {...field("price")} />
                  <TextField label="Currency" maxLength={3} placeholder="EUR" {...field("currency")} />
                </FormLayout.Group>
                <FormLayout.Group>
                  <TextField label="Brand" {...field("brand")} />
                  <TextField label="Creator" {...field("creator")} />
                </FormLayout.Group>
                <TextField label="Categories" helpText="Separated by commas" {...field("categories")} />
                <TextField label="Links" multiline={2} helpText="One URL per line" {...field("links")} />
                <TextField label="Images" multiline={2} helpText="One URL per line" {...field("images")} />
                <InlineStack align="end">
                  <Button submit variant="primary" loading={step2.busy}>Issue digital twin</Button>
                </InlineStack>
              </FormLayout>
            </step2.fetcher.Form>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
