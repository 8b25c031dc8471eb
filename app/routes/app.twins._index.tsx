import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, EmptyState, IndexTable, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { customerLinks } from "~/admin/customer-links.server";
import { OwnerLabel } from "~/components/OwnerLabel";
import { ownersOfNames } from "~/domain/names.server";
import { retryMintAction } from "~/admin/retry-mint.server";
import { ChainStatusCell } from "~/components/ChainStatusCell";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state-image";
import { MediaThumbnail } from "~/components/MediaThumbnail";
import { chainIssuingOn } from "~/domain/chain-mints.server";
import { DomainError } from "~/domain/errors";
import { listTwins } from "~/domain/twins.server";
import { formatDate, formatMoney } from "~/lib/format";
import { authenticate } from "~/shopify.server";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";

const PAGE_SIZE = 25;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  try {
    const page = await listTwins(session.shop, { cursor, limit: PAGE_SIZE });
    const owners = await ownersOfNames(page.twins.map((twin) => twin.name_id));
    const customers = await customerLinks(admin.graphql, Object.values(owners));
    return { ...page, owners, customers, staleCursor: false, chainOn: chainIssuingOn() || page.twins.some((twin) => twin.chain) };
  } catch (error) {
    // A hand-edited or outdated page link: say so rather than fail the page.
    if (error instanceof DomainError && error.code === "VALIDATION_FAILED") {
      return { twins: [], nextCursor: null, owners: {}, customers: {}, staleCursor: true, chainOn: false };
    }
    throw error;
  }
};

export const action = retryMintAction;

export default function Twins() {
  const { twins, owners, customers, nextCursor, staleCursor, chainOn } = useLoaderData<typeof loader>();
  const navigation = useNavigation();

  return (
    <Page title="Digital twins" subtitle="Twins this shop issued to customers' universal names, newest first.">
      <Layout>
        <Layout.Section>
          <Card padding="0">
            {staleCursor ? (
              <Box padding="400">
                <Banner tone="warning" title="This page link is no longer valid" action={{ content: "Go to the first page", url: "/app/twins" }} />
              </Box>
            ) : twins.length === 0 ? (
              <EmptyState
                heading="No digital twins yet"
                image={EMPTY_STATE_IMAGE}
                action={{ content: "Go to customers", url: "/app/customers" }}
              >
                <p>Open a customer, validate their universal name, then issue a twin of a product they bought.</p>
              </EmptyState>
            ) : (
              <ResponsiveIndexTable
                resourceName={{ singular: "digital twin", plural: "digital twins" }}
                itemCount={twins.length}
                selectable={false}
                loading={navigation.state === "loading" && navigation.location.pathname === "/app/twins"}
                headings={[
                  { title: "Title" },
                  { title: "Universal name" },
                  { title: "Quantity", alignment: "end" },
                  { title: "Price", alignment: "end" },
                  { title: "Brand" },
                  { title: "Created" },
                  ...(chainOn ? [{ title: "On-chain" }] : []),
                ]}
              >
                {twins.map((twin, index) => (
                  <IndexTable.Row id={twin.id} key={twin.id} position={index}>
                    <IndexTable.Cell>
                      <InlineStack gap="300" blockAlign="center" wrap={false}>
                        <MediaThumbnail images={twin.images} alt={twin.title} />
                        <BlockStack>
                          <Link url={`/app/twins/${twin.id}`} removeUnderline>
                            <Text as="span" fontWeight="semibold">{twin.title}</Text>
                          </Link>
                          {twin.creator && <Text as="span" variant="bodySm" tone="subdued">by {twin.creator}</Text>}
                        </BlockStack>
                      </InlineStack>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <BlockStack>
                        <Text as="span">{twin.uns_name}</Text>
                        {owners[twin.name_id] && <OwnerLabel owner={owners[twin.name_id] ?? null} customers={customers} />}
                      </BlockStack>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>{twin.quantity.toLocaleString("en-US")}</Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>{formatMoney(twin.price, twin.currency)}</Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{twin.brand || "—"}</IndexTable.Cell>
                    <IndexTable.Cell>{formatDate(twin.createdAt)}</IndexTable.Cell>
                    {chainOn && (
                      <IndexTable.Cell>
                        <ChainStatusCell chain={twin.chain} itemId={twin.id} itemName={twin.title} />
                      </IndexTable.Cell>
                    )}
                  </IndexTable.Row>
                ))}
              </ResponsiveIndexTable>
            )}
            {!staleCursor && <CursorPagination nextCursor={nextCursor} />}
          </Card>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
