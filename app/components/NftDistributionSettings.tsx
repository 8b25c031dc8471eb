import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useEffect } from "react";
import type { ChainOverview } from "~/domain/chain-mints.server";
import { formatDateTime } from "~/lib/format";
import { CHAIN_STATUS_LABELS, shortAddress } from "./ChainStatusCell";

const ELIGIBILITY_GUIDE = "https://shopify.dev/docs/apps/build/blockchain/nft-distribution/check-merchant-eligibility";
const CLUSTER_NAMES: Record<string, string> = { "mainnet-beta": "Solana mainnet", devnet: "Solana devnet", testnet: "Solana testnet", localnet: "a local Solana chain" };

/**
 * Settings → On-chain issuing: where minting happens, how it is going, and the
 * merchant's confirmation that Shopify approved the shop to distribute NFTs
 * (docs/decisions/0016-on-chain-issuing.md). The page's action handles intent "nft-approval".
 */
export function NftDistributionSettings({ overview }: { overview: ChainOverview }) {
  const fetcher = useFetcher<{ ok: boolean; data?: { released: number }; message?: string }>();
  const shopify = useAppBridge();
  const approved = overview.nftApprovedAt !== null;
  // A server that does not mint has nothing to approve, unless mints held while it did are waiting or the merchant set it before.
  const approvalApplies = overview.issuing !== null || overview.counts.HELD > 0 || approved;
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (!result.ok) shopify.toast.show(result.message ?? "Not saved", { isError: true });
    else if (result.data && result.data.released > 0) shopify.toast.show(`NFT distribution on: ${result.data.released} held mint(s) released`);
    else shopify.toast.show("NFT distribution setting saved");
  }, [result, shopify]);

  const submit = (value: boolean) => fetcher.submit({ intent: "nft-approval", approved: value ? "on" : "off" }, { method: "post" });

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">Where NFTs are minted</Text>
        {overview.issuing ? (
          <BlockStack gap="200">
            <Text as="p">
              Twins and owned cards are minted as NFTs on {CLUSTER_NAMES[overview.issuing.cluster] ?? overview.issuing.cluster}, paid for by the issuer account{" "}
              <Link url={overview.issuing.issuerExplorerUrl} target="_blank">{shortAddress(overview.issuing.issuer)}</Link>.
            </Text>
            <InlineStack gap="200">
              {(["MINTED", "PENDING", "HELD", "FAILED"] as const).map((status) => (
                <Badge key={status} tone={status === "FAILED" && overview.counts.FAILED > 0 ? "critical" : undefined}>
                  {`${CHAIN_STATUS_LABELS[status]}: ${overview.counts[status]}`}
                </Badge>
              ))}
            </InlineStack>
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            On-chain issuing is off on this server: twins and cards live in the Twin Cards registry only. Your app operator turns it on.
          </Text>
        )}
        {approvalApplies && <Text as="h2" variant="headingMd">NFT distribution approval</Text>}
        {!approvalApplies ? null : approved ? (
          <InlineStack gap="300" blockAlign="center">
            <Badge tone="success">Approved</Badge>
            <Text as="span" tone="subdued">{`Confirmed ${formatDateTime(overview.nftApprovedAt)}`}</Text>
            <Button loading={fetcher.state !== "idle"} onClick={() => submit(false)}>Turn off NFT distribution</Button>
          </InlineStack>
        ) : (
          <BlockStack gap="300">
            <Banner tone="warning" title="Minting is held until Shopify approves this shop">
              <p>
                Shopify requires a shop to be approved before it sells or gifts NFTs.{" "}
                <Link url={ELIGIBILITY_GUIDE} target="_blank">How approval works</Link>. Once Shopify has approved the shop, turn NFT
                distribution on: held mints start right away.
                {overview.counts.HELD > 0 && ` ${overview.counts.HELD} mint(s) are held now.`}
              </p>
            </Banner>
            <InlineStack>
              <Button variant="primary" loading={fetcher.state !== "idle"} onClick={() => submit(true)}>
                Shopify approved this shop: turn on NFT distribution
              </Button>
            </InlineStack>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
