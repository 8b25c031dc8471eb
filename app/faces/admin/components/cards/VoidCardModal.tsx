import { useAppBridge } from "@shopify/app-bridge-react";
import { Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorBanner } from "../FormErrorBanner";
import { useIntentFetcher } from "../customer/use-intent-fetcher";

/** Confirms voiding a card still waiting to be claimed; a refusal (the card was claimed meanwhile) shows in it. */
export function VoidCardModal({ cardName, open, onClose }: { cardName: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const voiding = useIntentFetcher<unknown>("void");

  useEffect(() => {
    if (voiding.success && !voiding.busy) {
      shopify.toast.show(t("cards.detail.voidedToast"));
      onClose();
    }
  }, [voiding.success, voiding.busy, onClose, shopify, t]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("cards.detail.voidTitle", { name: cardName })}
      primaryAction={{
        content: t("cards.detail.voidConfirm"),
        destructive: true,
        loading: voiding.busy,
        onAction: () => voiding.fetcher.submit({ intent: "void" }, { method: "post" }),
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose, disabled: voiding.busy }]}
    >
      <Modal.Section>
        {voiding.message && !voiding.busy && (
          <FormErrorBanner title={t("cards.detail.notVoided")} errors={[{ path: "", message: voiding.message }]} />
        )}
        <Text as="p">{t("cards.detail.voidBody")}</Text>
      </Modal.Section>
    </Modal>
  );
}
