import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, IndexTable, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { ownersOfNames } from "~/domain/names.server";
import { retryMintAction } from "~/faces/admin/retry-mint.server";
import { ChainStatusCell } from "~/faces/admin/components/ChainStatusCell";
import { createdSorts, SearchableList } from "~/faces/admin/components/SearchableList";
import { useDownload } from "~/faces/admin/components/useDownload";
import { MediaThumbnail } from "~/faces/admin/components/MediaThumbnail";
import { SerialText } from "~/faces/admin/components/SerialText";
import { chainIssuingOn } from "~/domain/chain-mints.server";
import { TWIN_CHAIN_FILTERS } from "~/domain/list-search";
import { listParams, staleListLink } from "~/faces/admin/list-page.server";
import { searchTwins } from "~/domain/twin-list.server";
import { twinBarcodeReport } from "~/domain/item-products.server";
import { BarcodeReport } from "~/faces/admin/components/twin/BarcodeReport";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { adminLivemode } from "~/domain/test-data-view.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";
import { useCsvExport } from "~/faces/admin/components/useCsvExport";
import { OwnClick } from "~/faces/admin/components/OwnClick";

export const meta = titled("nav.twins");

const PAGE_SIZE = 25;

/**
 * `?q=` the search (decision 0078), `?chain=` the NFT's state, `?sort=newest|oldest`, `?cursor=`:
 * an unknown filter or sort shows the default, a search over 100 characters is 400, a cursor no
 * list handed out shows the stale-link banner.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { params, q, sort, cursor } = listParams(request);
  const chain = TWIN_CHAIN_FILTERS.find((value) => value === params.get("chain"));
  const listed = { q, sort, chain: chain ?? null };
  const livemode = await adminLivemode(session.shop);
  const barcodes = await twinBarcodeReport(session.shop, livemode);
  try {
    const page = await searchTwins(session.shop, { q, sort, cursor, chain, limit: PAGE_SIZE }, livemode);
    const owners = await ownersOfNames(page.twins.map((twin) => twin.name_id));
    const customers = await customerLinks(admin.graphql, Object.values(owners));
    return {
      ...listed,
      ...page,
      owners,
      customers,
      barcodes,
      staleCursor: false,
      chainOn: chainIssuingOn() || chain !== undefined || page.twins.some((twin) => twin.chain),
    };
  } catch (error) {
    return {
      ...listed,
      twins: [],
      nextCursor: null,
      owners: {},
      customers: {},
      barcodes,
      staleCursor: staleListLink(error),
      chainOn: false,
    };
  }
};

export const action = retryMintAction;

export default function Twins() {
  const { q, sort, chain, twins, owners, customers, barcodes, nextCursor, staleCursor, chainOn } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const csvExport = useCsvExport();
  const format = useFormat();
  const { download } = useDownload(t("csvExport.failed"));
  const filtered = q !== "" || chain !== null;

  return (
    <Page title={t("twins.title")} subtitle={t("twins.subtitle")} secondaryActions={[csvExport("twins", t("csvExport.twins"))]}>
      <Layout>
        {barcodes.total > 0 && (
          <Layout.Section>
            <BarcodeReport report={barcodes} />
          </Layout.Section>
        )}
        <Layout.Section>
          <SearchableList
            path="/app/twins"
            tabs={[{ id: "all", label: t("twinsList.all") }]}
            status={null}
            query={q}
            sorts={createdSorts(t)}
            sort={sort}
            filters={
              chainOn
                ? [
                    {
                      key: "chain",
                      label: t("twinsList.chain"),
                      choices: TWIN_CHAIN_FILTERS.map((value) => ({ value, label: t(`twinsList.chain${value}`) })),
                      value: chain,
                    },
                  ]
                : []
            }
            staleCursor={staleCursor}
            nextCursor={nextCursor}
            ids={twins.map((twin) => twin.id)}
            empty={
              filtered
                ? {
                    heading: q ? t("lists.noMatch", { query: q }) : t("twins.empty"),
                    body: t("twinsList.noMatchBody"),
                    secondaryAction: { content: t("lists.clearSearch"), url: "/app/twins" },
                  }
                : {
                    heading: t("twins.empty"),
                    body: t("twins.emptyBody"),
                    action: { content: t("twins.goToCustomers"), url: "/app/customers" },
                  }
            }
            resourceName={{ singular: t("twins.resourceSingular"), plural: t("twins.resourcePlural") }}
            searchPlaceholder={t("twinsList.searchPlaceholder")}
            bulkActions={[
              {
                content: t("twinsList.exportSelection"),
                onAction: (ids) =>
                  void download(
                    `/app/export/twins?ids=${ids.map(encodeURIComponent).join(",")}`,
                    `twin-cards-twins-${new Date().toISOString().slice(0, 10)}.csv`,
                  ),
              },
            ]}
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
          </SearchableList>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
