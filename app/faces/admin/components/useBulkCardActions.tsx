import { Modal, Text } from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorBanner } from "./FormErrorBanner";
import { useIntentFetcher } from "./customer/use-intent-fetcher";
import { useDownload } from "./useDownload";
import type { BulkAction } from "./SearchableList";

interface Selection {
  ids: string[];
  clear: () => void;
}

/**
 * The Cards list's bulk actions: void the selected cards still waiting to be claimed (after a
 * confirmation; the others are left as they are and counted), and export the selection as CSV.
 */
export function useBulkCardActions(): { actions: BulkAction[]; modal: JSX.Element } {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Selection | null>(null);
  const { download } = useDownload(t("csvExport.failed"));
  const voiding = useIntentFetcher<{ voided: number; refused: number }>("void-unclaimed", ({ voided, refused }) =>
    [t("cardsBulk.voided", { count: voided }), ...(refused ? [t("cardsBulk.refused", { count: refused })] : [])].join(" · "),
  );
  const close = useCallback(() => setConfirming(null), []);

  useEffect(() => {
    if (voiding.success && !voiding.busy) {
      confirming?.clear();
      close();
    }
    // Only a new answer closes the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [voiding.success, voiding.busy]);

  const actions: BulkAction[] = [
    { content: t("cardsBulk.voidUnclaimed"), destructive: true, onAction: (ids, clear) => setConfirming({ ids, clear }) },
    {
      content: t("cardsBulk.exportSelection"),
      onAction: (ids) =>
        void download(
          `/app/export/cards?ids=${ids.map(encodeURIComponent).join(",")}`,
          `twin-cards-cards-${new Date().toISOString().slice(0, 10)}.csv`,
        ),
    },
  ];
  const modal = (
    <Modal
      open={confirming !== null}
      onClose={close}
      title={t("cardsBulk.voidTitle", { count: confirming?.ids.length ?? 0 })}
      primaryAction={{
        content: t("cardsBulk.voidConfirm"),
        destructive: true,
        loading: voiding.busy,
        onAction: () => voiding.fetcher.submit({ intent: "void-unclaimed", ids: confirming?.ids.join(",") ?? "" }, { method: "post" }),
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: close, disabled: voiding.busy }]}
    >
      <Modal.Section>
        {voiding.message && !voiding.busy && (
          <FormErrorBanner title={t("cards.detail.notVoided")} errors={[{ path: "", message: voiding.message }]} />
        )}
        <Text as="p">{t("cardsBulk.voidBody")}</Text>
      </Modal.Section>
    </Modal>
  );
  return { actions, modal };
}
