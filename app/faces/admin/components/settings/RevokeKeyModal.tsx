import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { SerializeFrom } from "@remix-run/node";
import type { ActionResult } from "~/faces/admin/action-result.server";
import { FormErrorBanner } from "../FormErrorBanner";
import type { ApiKeySummary } from "~/domain/api-keys.server";

export function RevokeKeyModal({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<SerializeFrom<ApiKeySummary>>>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const revoked = result?.ok && fetcher.state === "idle" && "revokedAt" in result.data ? result.data : null;
  const failed = result && !result.ok && fetcher.state === "idle" ? result : null;

  useEffect(() => {
    if (revoked) {
      shopify.toast.show(t("settings.revokedToast", { label: revoked.label }));
      onClose();
    }
  }, [revoked, onClose, shopify, t]);

  return (
    <Modal
      open={apiKey !== null}
      onClose={onClose}
      title={t("settings.revokeTitle", { label: apiKey?.label ?? "" })}
      primaryAction={{
        content: t("settings.revokeKey"),
        destructive: true,
        loading: busy,
        onAction: () => apiKey && fetcher.submit({ intent: "revoke", id: apiKey.id }, { method: "post" }),
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose, disabled: busy }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {failed && <FormErrorBanner title={t("settings.notRevoked")} errors={[{ path: "", message: failed.message }]} />}
          <Text as="p">
            {t("settings.revokeBodyStart")}{" "}
            <Text as="span" fontWeight="semibold">
              {apiKey?.prefix}…
            </Text>{" "}
            {t("settings.revokeBodyEnd")}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
