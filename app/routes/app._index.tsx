import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, InlineGrid, Layout, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { SetupChecklist } from "~/faces/admin/components/SetupChecklist";
import { GlanceCard } from "~/faces/admin/components/home/GlanceCard";
import { shopGlance } from "~/domain/glance.server";
import { shopTimeZone } from "~/faces/admin/shop-time-zone.server";
import { ADMIN_LAYOUT_ROUTE } from "~/faces/admin/i18n/use-format";
import { chainMintCounts } from "~/domain/chain-mints.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { shopOverview } from "~/domain/overview.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { TestDataSwitch } from "~/faces/admin/components/TestDataSwitch";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.home");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const livemode = await adminLivemode(session.shop);
  const [overview, mints, timeZone] = await Promise.all([
    shopOverview(session.shop, livemode),
    chainMintCounts(session.shop),
    shopTimeZone(session.shop, admin.graphql),
  ]);
  return { shop: session.shop, overview, mints, glance: await shopGlance(session.shop, livemode, timeZone) };
};

export const action = methodNotAllowed("GET, HEAD");

export default function Home() {
  const { shop, overview, mints, glance } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData(ADMIN_LAYOUT_ROUTE) as { apiKey?: string } | undefined;
  const { t } = useTranslation();
  const format = useFormat();
  const counts = [
    { label: t("home.pendingCards"), value: overview.pendingCards, url: "/app/cards?status=PENDING_REDEMPTION" },
    { label: t("home.ownedCards"), value: overview.ownedCards, url: "/app/cards?status=OWNED" },
    { label: t("home.twins"), value: overview.twins, url: "/app/twins" },
    { label: t("home.failedNotifications"), value: overview.failedNotifications, url: "/app/notifications?status=FAILED" },
  ];
  return (
    <Page title="Twin Cards">
      <Layout>
        {(mints.HELD > 0 || mints.FAILED > 0) && (
          <Layout.Section>
            <BlockStack gap="300">
              {mints.HELD > 0 && (
                <Banner
                  tone="warning"
                  title={t("home.heldMints", { count: mints.HELD })}
                  action={{ content: t("home.openSettings"), url: "/app/settings" }}
                >
                  <p>{t("home.heldMintsBody")}</p>
                </Banner>
              )}
              {mints.FAILED > 0 && (
                <Banner
                  tone="critical"
                  title={t("home.failedMints", { count: mints.FAILED })}
                  action={{ content: t("home.seeTwins"), url: "/app/twins" }}
                  secondaryAction={{ content: t("home.seeCards"), url: "/app/cards" }}
                >
                  <p>{t("home.failedMintsBody")}</p>
                </Banner>
              )}
            </BlockStack>
          </Layout.Section>
        )}
        <Layout.Section>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
            {counts.map((count) => (
              <Card key={count.label}>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingSm" tone="subdued">
                    {count.label}
                  </Text>
                  <Text as="p" variant="heading2xl">
                    <Link
                      url={count.url}
                      removeUnderline
                      monochrome
                      accessibilityLabel={t("common.atField", { path: count.label, message: format.number(count.value) })}
                    >
                      {format.number(count.value)}
                    </Link>
                  </Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
        </Layout.Section>
        <Layout.Section>
          <GlanceCard glance={glance} />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <TestDataSwitch />
          </Card>
        </Layout.Section>
        <Layout.Section>
          <SetupChecklist
            hasApiKey={overview.activeApiKeys > 0}
            storefrontBlockSeen={overview.storefrontBlockSeen}
            shop={shop}
            apiKey={layout?.apiKey ?? ""}
          />
        </Layout.Section>
        <Layout.Section>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
