import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ChainState } from "~/domain/schemas/chain";

const TONES = { PENDING: "attention", HELD: "warning", MINTED: "success", FAILED: "critical" } as const;
const REASON_PREVIEW_LENGTH = 200;

/** "7xKXt…9fQa": enough of an address to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 5)}…${address.slice(-4)}`;

/** A twin's or card's NFT as a merchant reads it: status, mint (to Solana Explorer), why it waits or failed, Retry. */
export function ChainStatusCell({ chain, itemId, itemName }: { chain: ChainState; itemId: string; itemName: string }) {
  const { t } = useTranslation();
  if (!chain)
    return (
      <Text as="span" tone="subdued">
        {t("chain.offChain")}
      </Text>
    );
  const reason = chain.status === "HELD" || chain.status === "FAILED" ? chain.reason : null;
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Badge tone={TONES[chain.status]}>{t(`chain.status.${chain.status}`)}</Badge>
      <Link url={chain.explorerUrl} target="_blank" accessibilityLabel={t("chain.itemOnExplorer", { name: itemName, mint: chain.mint })}>
        {shortAddress(chain.mint)}
      </Link>
      {reason && (
        // Table cells do not wrap; a reason is a sentence to read, so this one does.
        <div style={{ whiteSpace: "normal", maxWidth: "18rem" }} title={reason}>
          <Text as="span" variant="bodySm" tone={chain.status === "FAILED" ? "critical" : "subdued"} breakWord>
            {reason.length > REASON_PREVIEW_LENGTH ? `${reason.slice(0, REASON_PREVIEW_LENGTH - 1)}…` : reason}
          </Text>
        </div>
      )}
      {chain.status === "FAILED" && <RetryMintButton itemId={itemId} itemName={itemName} />}
    </BlockStack>
  );
}

/** One fetcher per row, so one row's answer never shows on another. Pages handle intent "retry-mint". */
function RetryMintButton({ itemId, itemName }: { itemId: string; itemName: string }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (result.ok) shopify.toast.show(t("chain.queued"));
    else shopify.toast.show(result.message ?? t("chain.couldNotRetry"), { isError: true });
  }, [result, shopify, t]);

  return (
    <Button
      size="slim"
      loading={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "retry-mint", id: itemId }, { method: "post" })}
      accessibilityLabel={t("chain.retryLabel", { name: itemName })}
    >
      {t("common.retry")}
    </Button>
  );
}

/** Compact: the NFT's status badge and a link to it, for lists without room for reasons and Retry. */
export function ChainBadge({ chain }: { chain: NonNullable<ChainState> }) {
  const { t } = useTranslation();
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Badge tone={TONES[chain.status]}>{t(`chain.badge.${chain.status}`)}</Badge>
      <Link url={chain.explorerUrl} target="_blank" accessibilityLabel={t("chain.onExplorer", { mint: chain.mint })}>
        {shortAddress(chain.mint)}
      </Link>
    </InlineStack>
  );
}
