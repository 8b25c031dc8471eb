import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { customerLinks } from "~/admin/customer-links.server";
import { orNotFound } from "~/admin/action-result.server";
import { retryMintAction } from "~/admin/retry-mint.server";
import { ChainStatusCell } from "~/components/ChainStatusCell";
import { DetailList } from "~/components/DetailList";
import { MediaGallery } from "~/components/MediaGallery";
import { OwnerLabel } from "~/components/OwnerLabel";
import { ownersOfNames } from "~/domain/names.server";
import { getTwin } from "~/domain/twins.server";
import { formatDateTime, formatMoney } from "~/lib/format";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const twin = await orNotFound(getTwin(session.shop, params.id ?? ""), "Digital twin not found");
  const owner = (await ownersOfNames([twin.name_id]))[twin.name_id] ?? null;
  return { twin, owner, customers: await customerLinks(admin.graphql, [owner]) };
};

export const action = retryMintAction;

/** One digital twin with every field, the customer holding its universal name, and its NFT. */
export default function TwinDetails() {
  const { twin, owner, customers } = useLoaderData<typeof loader>();
  return (
    <Page title={twin.title} subtitle={twin.id} backAction={{ content: "Twins", url: "/app/twins" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Details</Text>
                <DetailList
                  rows={[
                    ["Universal name", twin.uns_name],
                    ["Customer", <OwnerLabel key="owner" owner={owner} customers={customers} />],
                    ["Wallet", twin.public_key],
                    ["Quantity", String(twin.quantity)],
                    ["Price", formatMoney(twin.price, twin.currency)],
                    ["Brand", twin.brand || "—"],
                    ["Creator", twin.creator || "—"],
                    ["Categories", twin.categories.join(", ") || "—"],
                    ["Issued", formatDateTime(twin.createdAt)],
                  ]}
                />
                {twin.description && <Text as="p">{twin.description}</Text>}
              </BlockStack>
            </Card>
            <MediaGallery title="Images and links" images={twin.images} links={twin.links} alt={twin.title} empty="No images or links." />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">On-chain</Text>
              <ChainStatusCell chain={twin.chain} itemId={twin.id} itemName={twin.title} />
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
