import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { orNotFound } from "~/faces/admin/action-result.server";
import { twinPageAction } from "~/faces/admin/twin-proof.server";
import { PhysicalProofCard } from "~/faces/admin/components/twin/PhysicalProofCard";
import { twinProof } from "~/domain/nfc-tags.server";
import { DetailList } from "~/faces/admin/components/DetailList";
import { MediaGallery } from "~/faces/admin/components/MediaGallery";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { ItemAside } from "~/faces/admin/components/ItemAside";
import { ownersOfNames } from "~/domain/names.server";
import { getTwin } from "~/domain/twins.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { useSerialLabel } from "~/faces/admin/i18n/use-serial";
import { adminLivemode } from "~/domain/test-data-view.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.twins");

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const twin = await orNotFound(getTwin(session.shop, params.id ?? "", await adminLivemode(session.shop)), t("twins.notFound"));
  const owner = (await ownersOfNames([twin.name_id]))[twin.name_id] ?? null;
  return { twin, owner, customers: await customerLinks(admin.graphql, [owner]), proof: await twinProof(session.shop, twin.id) };
};

export const action = twinPageAction;

/** One digital twin with every field, the customer holding its universal name, its NFT and its physical proof (GS1, NFC tags). */
export default function TwinDetails() {
  const { twin, owner, customers, proof } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  const serial = useSerialLabel()(twin);
  return (
    <Page title={twin.title} subtitle={twin.id} backAction={{ content: t("twins.detail.back"), url: "/app/twins" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("common.details")}
                </Text>
                <DetailList
                  rows={[
                    ...(serial ? [[t("common.edition"), serial] as [string, string]] : []),
                    [t("twins.universalName"), twin.uns_name],
                    [t("twins.detail.customer"), <OwnerLabel key="owner" owner={owner} customers={customers} />],
                    [t("common.wallet"), twin.public_key],
                    [t("twins.quantity"), format.number(twin.quantity)],
                    [t("twins.price"), format.money(twin.price, twin.currency)],
                    [t("twins.brand"), twin.brand || "—"],
                    [t("twins.detail.creator"), twin.creator || "—"],
                    [t("twins.detail.categories"), twin.categories.join(", ") || "—"],
                    [t("twins.detail.issued"), format.dateTime(twin.createdAt)],
                  ]}
                />
                {twin.description && <Text as="p">{twin.description}</Text>}
              </BlockStack>
            </Card>
            <MediaGallery
              title={t("twins.detail.media")}
              images={twin.images}
              links={twin.links}
              alt={twin.title}
              empty={t("twins.detail.noMedia")}
            />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <ItemAside chain={twin.chain} itemId={twin.id} itemName={twin.title} verifyUrl={twin.verifyUrl} certificate />
            <PhysicalProofCard proof={proof} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
