import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ChainOverview } from "~/domain/chain-mints.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { shortAddress } from "./ChainStatusCell";

const ELIGIBILITY_GUIDE = "https://shopify.dev/docs/apps/build/blockchain/nft-distribution/check-merchant-eligibility";
const CLUSTERS = ["mainnet-beta", "devnet", "testnet", "localnet"] as const;
const knownCluster = (cluster: string): cluster is (typeof CLUSTERS)[number] => (CLUSTERS as readonly string[]).includes(cluster);

/**
 * Settings → On-chain issuing: where minting happens, how it is going, and the
 * merchant's confirmation that Shopify approved the shop to distribute NFTs
 * (docs/decisions/0016-on-chain-issuing.md). The page's action handles intent "nft-approval".
 */
export function NftDistributionSettings({ overview }: { overview: ChainOverview }) {
  const fetcher = useFetcher<{ ok: boolean; data?: { released: number }; message?: string }>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const format = useFormat();
  const approved = overview.nftApprovedAt !== null;
  // A server that does not mint has nothing to approve, unless mints held while it did are waiting or the merchant set it before.
  const approvalApplies = overview.issuing !== null || overview.counts.HELD > 0 || approved;
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (!result.ok) shopify.toast.show(result.message ?? t("chain.notSaved"), { isError: true });
    else if (result.data && result.data.released > 0) shopify.toast.show(t("chain.released", { count: result.data.released }));
    else shopify.toast.show(t("chain.saved"));
  }, [result, shopify, t]);

  const submit = (value: boolean) => fetcher.submit({ intent: "nft-approval", approved: value ? "on" : "off" }, { method: "post" });
  const cluster = overview.issuing?.cluster ?? "";

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("chain.where")}
        </Text>
        {overview.issuing ? (
          <BlockStack gap="200">
            <Text as="p">
              {t("chain.mintedOn", { cluster: knownCluster(cluster) ? t(`chain.cluster.${cluster}`) : cluster })}{" "}
              <Link url={overview.issuing.issuerExplorerUrl} target="_blank">
                {shortAddress(overview.issuing.issuer)}
              </Link>
              .
            </Text>
            <InlineStack gap="200">
              {(["MINTED", "PENDING", "HELD", "FAILED"] as const).map((status) => (
                <Badge key={status} tone={status === "FAILED" && overview.counts.FAILED > 0 ? "critical" : undefined}>
                  {t("chain.count", { status: t(`chain.status.${status}`), number: format.number(overview.counts[status]) })}
                </Badge>
              ))}
            </InlineStack>
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            {t("chain.off")}
          </Text>
        )}
        {approvalApplies && (
          <Text as="h2" variant="headingMd">
            {t("chain.approval")}
          </Text>
        )}
        {!approvalApplies ? null : approved ? (
          <InlineStack gap="300" blockAlign="center">
            <Badge tone="success">{t("chain.approved")}</Badge>
            <Text as="span" tone="subdued">
              {t("chain.confirmed", { date: format.dateTime(overview.nftApprovedAt) })}
            </Text>
            <Button loading={fetcher.state !== "idle"} onClick={() => submit(false)}>
              {t("chain.turnOff")}
            </Button>
          </InlineStack>
        ) : (
          <BlockStack gap="300">
            <Banner tone="warning" title={t("chain.heldTitle")}>
              <p>
                {t("chain.heldBody")}{" "}
                <Link url={ELIGIBILITY_GUIDE} target="_blank">
                  {t("chain.howApproval")}
                </Link>
                . {t("chain.heldAfter")}
                {overview.counts.HELD > 0 && ` ${t("chain.heldNow", { count: overview.counts.HELD })}`}
              </p>
            </Banner>
            <InlineStack>
              <Button variant="primary" loading={fetcher.state !== "idle"} onClick={() => submit(true)}>
                {t("chain.turnOn")}
              </Button>
            </InlineStack>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
