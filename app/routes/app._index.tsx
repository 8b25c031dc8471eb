import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, InlineGrid, Layout, Link, Page, Text } from "@shopify/polaris";
import { SetupChecklist } from "~/components/SetupChecklist";
import { chainMintCounts } from "~/domain/chain-mints.server";
import { shopOverview } from "~/domain/overview.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { overview: await shopOverview(session.shop), mints: await chainMintCounts(session.shop) };
};

export const action = methodNotAllowed("GET, HEAD");

export default function Home() {
  const { overview, mints } = useLoaderData<typeof loader>();
  const counts = [
    { label: "Cards waiting to be claimed", value: overview.pendingCards, url: "/app/cards?status=PENDING_REDEMPTION" },
    { label: "Cards owned", value: overview.ownedCards, url: "/app/cards?status=OWNED" },
    { label: "Digital twins issued", value: overview.twins, url: "/app/twins" },
    { label: "Notifications failed", value: overview.failedNotifications, url: "/app/notifications?status=FAILED" },
  ];
  return (
    <Page title="Twin Cards">
      <Layout>
        {(mints.HELD > 0 || mints.FAILED > 0) && (
          <Layout.Section>
            <BlockStack gap="300">
              {mints.HELD > 0 && (
                <Banner tone="warning" title={`${mints.HELD} NFT mint(s) held`} action={{ content: "Open settings", url: "/app/settings" }}>
                  <p>Minting waits until you confirm that Shopify approved this shop to distribute NFTs.</p>
                </Banner>
              )}
              {mints.FAILED > 0 && (
                <Banner tone="critical" title={`${mints.FAILED} NFT mint(s) failed`} action={{ content: "See digital twins", url: "/app/twins" }}
                  secondaryAction={{ content: "See cards", url: "/app/cards" }}>
                  <p>Each one shows its reason and a Retry button in its list.</p>
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
                  <Text as="h2" variant="headingSm" tone="subdued">{count.label}</Text>
                  <Text as="p" variant="heading2xl">
                    {count.url ? <Link url={count.url} removeUnderline monochrome accessibilityLabel={`${count.label}: ${count.value}`}>{count.value}</Link> : count.value}
                  </Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
        </Layout.Section>
        <Layout.Section>
          <SetupChecklist hasApiKey={overview.activeApiKeys > 0} storefrontBlockSeen={overview.storefrontBlockSeen} />
        </Layout.Section>
        <Layout.Section>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
