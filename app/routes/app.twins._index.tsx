import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, EmptyState, IndexTable, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { ownersOfNames } from "~/domain/names.server";
import { retryMintAction } from "~/faces/admin/retry-mint.server";
import { ChainStatusCell } from "~/faces/admin/components/ChainStatusCell";
import { CursorPagination } from "~/faces/admin/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/faces/admin/components/empty-state-image";
import { MediaThumbnail } from "~/faces/admin/components/MediaThumbnail";
import { SerialText } from "~/faces/admin/components/SerialText";
import { chainIssuingOn } from "~/domain/chain-mints.server";
import { DomainError } from "~/domain/errors";
import { listTwins } from "~/domain/twins.server";
import { twinBarcodeReport } from "~/domain/item-products.server";
import { BarcodeReport } from "~/faces/admin/components/twin/BarcodeReport";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { adminLivemode } from "~/domain/test-data-view.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";
import { titled } from "~/faces/admin/page-title";
import { useCsvExport } from "~/faces/admin/components/useCsvExport";
import { OwnClick } from "~/faces/admin/components/OwnClick";

export const meta = titled("nav.twins");

const PAGE_SIZE = 25;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const livemode = await adminLivemode(session.shop);
  const barcodes = await twinBarcodeReport(session.shop, livemode);
  try {
    const page = await listTwins(session.shop, { cursor, limit: PAGE_SIZE, livemode });
    const owners = await ownersOfNames(page.twins.map((twin) => twin.name_id));
    const customers = await customerLinks(admin.graphql, Object.values(owners));
    return {
      ...page,
      owners,
      customers,
      barcodes,
      staleCursor: false,
      chainOn: chainIssuingOn() || page.twins.some((twin) => twin.chain),
    };
  } catch (error) {
    // A hand-edited or outdated page link: say so rather than fail the page.
    if (error instanceof DomainError && error.code === "VALIDATION_FAILED") {
      return { twins: [], nextCursor: null, owners: {}, customers: {}, barcodes, staleCursor: true, chainOn: false };
    }
    throw error;
  }
};

export const action = retryMintAction;

export default function Twins() {
  const { twins, owners, customers, barcodes, nextCursor, staleCursor, chainOn } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const csvExport = useCsvExport();
  const format = useFormat();

  return (
    <Page title={t("twins.title")} subtitle={t("twins.subtitle")} secondaryActions={[csvExport("twins", t("csvExport.twins"))]}>
      <Layout>
        {barcodes.total > 0 && (
          <Layout.Section>
            <BarcodeReport report={barcodes} />
          </Layout.Section>
        )}
        <Layout.Section>
          <Card padding="0">
            {staleCursor ? (
              <Box padding="400">
                <Banner tone="warning" title={t("common.staleLink")} action={{ content: t("common.firstPage"), url: "/app/twins" }} />
              </Box>
            ) : twins.length === 0 ? (
              <EmptyState
                heading={t("twins.empty")}
                image={EMPTY_STATE_IMAGE}
                action={{ content: t("twins.goToCustomers"), url: "/app/customers" }}
              >
                <p>{t("twins.emptyBody")}</p>
              </EmptyState>
            ) : (
              <ResponsiveIndexTable
                resourceName={{ singular: t("twins.resourceSingular"), plural: t("twins.resourcePlural") }}
                itemCount={twins.length}
                selectable={false}
                loading={navigation.state === "loading" && navigation.location.pathname === "/app/twins"}
                headings={[
                  { title: t("twins.titleColumn") },
                  { title: t("twins.universalName") },
                  { title: t("twins.quantity"), alignment: "end" },
                  { title: t("twins.price"), alignment: "end" },
                  { title: t("twins.brand") },
                  { title: t("common.created") },
                  ...(chainOn ? [{ title: t("common.onChain") }] : []),
                ]}
              >
                {twins.map((twin, index) => (
                  <IndexTable.Row id={twin.id} key={twin.id} position={index}>
                    <IndexTable.Cell>
                      <InlineStack gap="300" blockAlign="center" wrap={false}>
                        <MediaThumbnail images={twin.images} alt={twin.title} />
                        <BlockStack>
                          <Link url={`/app/twins/${twin.id}`} removeUnderline dataPrimaryLink>
                            <Text as="span" fontWeight="semibold">
                              {twin.title}
                            </Text>
                          </Link>
                          <SerialText item={twin} />
                          {twin.creator && (
                            <Text as="span" variant="bodySm" tone="subdued">
                              {t("twins.by", { creator: twin.creator })}
                            </Text>
                          )}
                        </BlockStack>
                      </InlineStack>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <BlockStack>
                        <Text as="span">{twin.uns_name}</Text>
                        {owners[twin.name_id] && (
                          <OwnClick>
                            <OwnerLabel owner={owners[twin.name_id] ?? null} customers={customers} />
                          </OwnClick>
                        )}
                      </BlockStack>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {format.number(twin.quantity)}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {format.money(twin.price, twin.currency)}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{twin.brand || "—"}</IndexTable.Cell>
                    <IndexTable.Cell>{format.date(twin.createdAt)}</IndexTable.Cell>
                    {chainOn && (
                      <IndexTable.Cell>
                        <OwnClick>
                          <ChainStatusCell chain={twin.chain} itemId={twin.id} itemName={twin.title} />
                        </OwnClick>
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
