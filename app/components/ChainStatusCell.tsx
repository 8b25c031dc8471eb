import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { useEffect } from "react";
import type { ChainState } from "~/domain/schemas/chain";

export const CHAIN_STATUS_LABELS = { PENDING: "Minting", HELD: "Held", MINTED: "Minted", FAILED: "Failed" } as const;
const TONES = { PENDING: "attention", HELD: "warning", MINTED: "success", FAILED: "critical" } as const;
const REASON_PREVIEW_LENGTH = 200;

/** "7xKXt…9fQa": enough of an address to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 5)}…${address.slice(-4)}`;

/** A twin's or card's NFT as a merchant reads it: status, mint (to Solana Explorer), why it waits or failed, Retry. */
export function ChainStatusCell({ chain, itemId, itemName }: { chain: ChainState; itemId: string; itemName: string }) {
  if (!chain) return <Text as="span" tone="subdued">Off-chain</Text>;
  const reason = chain.status === "HELD" || chain.status === "FAILED" ? chain.reason : null;
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Badge tone={TONES[chain.status]}>{CHAIN_STATUS_LABELS[chain.status]}</Badge>
      <Link url={chain.explorerUrl} target="_blank" accessibilityLabel={`${itemName}'s NFT ${chain.mint} on Solana Explorer`}>
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
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (result.ok) shopify.toast.show("Minting queued again");
    else shopify.toast.show(result.message ?? "Could not retry", { isError: true });
  }, [result, shopify]);

  return (
    <Button
      size="slim"
      loading={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "retry-mint", id: itemId }, { method: "post" })}
      accessibilityLabel={`Retry minting ${itemName}`}
    >
      Retry
    </Button>
  );
}

/** Compact: the NFT's status badge and a link to it, for lists without room for reasons and Retry. */
export function ChainBadge({ chain }: { chain: NonNullable<ChainState> }) {
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Badge tone={TONES[chain.status]}>{`NFT ${CHAIN_STATUS_LABELS[chain.status].toLowerCase()}`}</Badge>
      <Link url={chain.explorerUrl} target="_blank" accessibilityLabel={`NFT ${chain.mint} on Solana Explorer`}>
        {shortAddress(chain.mint)}
      </Link>
    </InlineStack>
  );
}
