import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Layout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { formFields, readForm, runIntent, splitList } from "~/faces/admin/action-result.server";
import { CreateCardCard } from "~/faces/admin/components/customer/CreateCardCard";
import { CustomerSummaryCard } from "~/faces/admin/components/customer/CustomerSummaryCard";
import { HoldingsCard } from "~/faces/admin/components/customer/HoldingsCard";
import { PendingCardsCard } from "~/faces/admin/components/customer/PendingCardsCard";
import { IssueTwinCard } from "~/faces/admin/components/customer/IssueTwinCard";
import { OrderIssuesCard } from "~/faces/admin/components/customer/OrderIssuesCard";
import { OrderedProductsCard } from "~/faces/admin/components/customer/OrderedProductsCard";
import { RegisterNameCard } from "~/faces/admin/components/customer/RegisterNameCard";
import { createCardFor } from "~/domain/cards.server";
import { customerHoldings, pendingCardsFor, shopifyOwner } from "~/domain/customer-holdings.server";
import { fieldError } from "~/domain/errors";
import { registerNameFor, validateName } from "~/domain/names.server";
import { isCustomerId } from "~/domain/owners";
import { createCardInput, issueTwinInput, NO_SERIAL, parseInput, registerNameInput } from "~/domain/schemas";
import type { ProductSource } from "~/domain/item-products.server";
import { issueTwinTo } from "~/domain/twins.server";
import { issuesForCustomer } from "~/domain/issuing-rules.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { getCustomer, type GraphqlClient as AdminGraphql } from "~/adapters/shopify/admin-customers.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.customers");

const customerIdOf = (params: LoaderFunctionArgs["params"], notFound: string) => {
  if (!isCustomerId(params.id ?? "")) throw new Response(notFound, { status: 404 });
  return params.id!;
};

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const customerId = customerIdOf(params, t("customers.notFound"));
  const customer = await getCustomer(admin.graphql, customerId);
  if (!customer) throw new Response(t("customers.notFound"), { status: 404 });
  const [holdings, issues, pendingCards] = await Promise.all([
    customerHoldings(session.shop, customerId),
    issuesForCustomer(session.shop, customerId),
    pendingCardsFor(session.shop, { email: customer.email, phone: customer.phone }),
  ]);
  // Why an item failed or was voided, in the merchant's language (the domain words it in English).
  const orderIssues = issues.map((issue) => ({ ...issue, reason: issue.reason === null ? null : translateDomainMessage(t, issue.reason) }));
  return { customer, holdings, orderIssues, pendingCards };
};

const numberOrUndefined = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/**
 * The variant a twin is issued for, read again from Shopify (never from the form): the customer's ordered
 * product with that variant, its barcode as Shopify has it now (decision 0063); null when none was picked.
 */
async function productSource(graphql: AdminGraphql, customerId: string, variantId: string | undefined): Promise<ProductSource | null> {
  if (!variantId) return null;
  const product = (await getCustomer(graphql, customerId))?.orderedProducts.find((candidate) => candidate.variantId === variantId);
  if (!product) return null;
  return {
    productId: `gid://shopify/Product/${product.productId}`,
    variantId: product.variantId,
    barcode: product.barcode,
    productUrl: product.url,
  };
}

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const t = await translatorFor(request);
  const customerId = customerIdOf(params, t("customers.notFound"));
  const fields = formFields(await readForm(request));
  const intent = fields.intent ?? "";

  switch (intent) {
    case "validate-name":
      return runIntent(intent, t, async () => {
        const { available, payload } = await validateName({ name: fields.name ?? "" });
        if (!available) throw fieldError("name", t("customer.issueTwin.unknownName", { name: payload.uns_name }));
        return payload;
      });
    case "issue-twin":
      // Each form's fields become the command's typed input, checked by the domain's schema (as /v1 checks its body).
      return runIntent(intent, t, async () =>
        issueTwinTo(
          shop,
          parseInput(issueTwinInput, {
            name_id: fields.name_id,
            public_key: fields.public_key,
            title: fields.title,
            creator: fields.creator,
            description: fields.description,
            quantity: numberOrUndefined(fields.quantity),
            price: numberOrUndefined(fields.price),
            currency: fields.currency,
            brand: fields.brand,
            categories: splitList(fields.categories, /,/),
            links: splitList(fields.links, /\n/),
            images: splitList(fields.images, /\n/),
          }),
          NO_SERIAL,
          true,
          true,
          await productSource(admin.graphql, customerId, fields.variant_id),
        ),
      );
    case "register-name":
      return runIntent(intent, t, () =>
        registerNameFor(
          shop,
          parseInput(registerNameInput, { name: fields.name ?? "", publicKey: fields.publicKey ?? "", owner: shopifyOwner(customerId) }),
        ),
      );
    case "create-card": {
      const card = {
        name: fields.name ?? "",
        media: { imageUrls: splitList(fields.imageUrls, /\n/), videoUrls: splitList(fields.videoUrls, /\n/) },
      };
      const byOwner = fields.mode === "owner";
      // The form's own words for its empty destination (the API's message speaks of owner + publicKey).
      if (!byOwner && !fields.email && !fields.phone) {
        return {
          intent,
          ok: false as const,
          message: t("customer.createCard.nowhere"),
          fieldErrors: { email: t("customer.createCard.noDestination") },
        };
      }
      const recipient = byOwner
        ? { owner: shopifyOwner(customerId), publicKey: fields.publicKey ?? "" }
        : { email: fields.email, phone: fields.phone, locale: fields.locale, firstName: fields.firstName };
      return runIntent(intent, t, () => createCardFor(shop, parseInput(createCardInput, { ...card, ...recipient })));
    }
    default:
      throw new Response(`Unknown intent “${intent}”`, { status: 400 });
  }
};

export default function CustomerPage() {
  const { customer, holdings, orderIssues, pendingCards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Page
      title={customer.name}
      backAction={{ content: t("customers.title"), url: "/app/customers" }}
      subtitle={customer.email ?? undefined}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <IssueTwinCard products={customer.orderedProducts} />
            <CreateCardCard customer={customer} names={holdings.names} />
            <PendingCardsCard cards={pendingCards} />
            <HoldingsCard holdings={holdings} />
            <OrderIssuesCard issues={orderIssues} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <CustomerSummaryCard customer={customer} names={holdings.names} />
            <RegisterNameCard />
            <OrderedProductsCard products={customer.orderedProducts} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
