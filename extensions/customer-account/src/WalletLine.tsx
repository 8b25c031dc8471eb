import { useState } from "preact/hooks";
import { t } from "./i18n";
import type { LinkedWallet } from "./types";

const CLIPBOARD_ID = "twin-cards-wallet-address";

/**
 * The linked wallet, shortened as everywhere on the storefront, with Copy: the host's clipboard
 * item copies the whole address, and the line says it did (decision 0072, as the proxy's My cards).
 */
export function WalletLine({ wallet }: { wallet: NonNullable<LinkedWallet> }) {
  const [copied, setCopied] = useState<"done" | "failed" | null>(null);
  return (
    <s-stack direction="inline" gap="small" alignItems="center">
      <s-text type="strong">{t(wallet.verified ? "wallet.current" : "wallet.current_unverified", { address: wallet.address })}</s-text>
      <s-button commandFor={CLIPBOARD_ID} command="--copy" accessibilityLabel={t("wallet.copy_label")}>
        {t("wallet.copy")}
      </s-button>
      <s-clipboard-item
        id={CLIPBOARD_ID}
        text={wallet.publicKey}
        onCopy={() => setCopied("done")}
        onCopyError={() => setCopied("failed")}
      />
      {copied === "done" ? <s-text tone="success">{t("wallet.copied")}</s-text> : null}
      {copied === "failed" ? <s-text tone="critical">{t("wallet.copy_failed")}</s-text> : null}
    </s-stack>
  );
}
