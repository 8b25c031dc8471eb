import { BlockStack, Box, Tabs, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessagePreview as Preview } from "~/faces/admin/message-preview.server";
import { EmailFrame } from "../EmailFrame";

/** The message with sample data as the customer gets it: the e-mail (HTML in a sandboxed frame, or its text) and the SMS. */
export function MessagePreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const tabs = [
    { id: "preview-email", content: t("messages.previewEmail") },
    { id: "preview-text", content: t("messages.previewText") },
    { id: "preview-sms", content: t("messages.previewSms") },
  ];
  const which = tabs[selected]!.id;
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t("messages.preview")}
      </Text>
      <Tabs tabs={tabs} selected={selected} onSelect={setSelected} />
      {which !== "preview-sms" && (
        <BlockStack gap="100">
          <Text as="p" variant="bodySm" breakWord>
            <Text as="span" tone="subdued">
              {t("messages.from")}{" "}
            </Text>
            {preview.from}
          </Text>
          <Text as="p" variant="bodySm" breakWord>
            <Text as="span" tone="subdued">
              {t("messages.subject")}:{" "}
            </Text>
            <span data-preview="subject">{preview.subject}</span>
          </Text>
        </BlockStack>
      )}
      {which === "preview-email" ? (
        <EmailFrame title={t("messages.previewFrame")} html={preview.html} height="30rem" />
      ) : (
        <Box background="bg-surface-secondary" padding="300" borderRadius="200">
          <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-preview={which === "preview-sms" ? "sms" : "text"}>
            <Text as="p">{which === "preview-sms" ? preview.sms : preview.text}</Text>
          </div>
        </Box>
      )}
    </BlockStack>
  );
}
