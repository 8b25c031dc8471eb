import { BlockStack, Box, Link, Tabs, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LocalMessageView } from "~/faces/admin/local-message.server";
import { EmailFrame } from "./EmailFrame";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/**
 * A claim message as its recipient reads it: the e-mail's HTML in a sandboxed
 * frame (no scripts; links open in a new tab), or its text with clickable links.
 */
export function LocalMessage({ message }: { message: LocalMessageView }) {
  const { t } = useTranslation();
  const tabs = [
    ...(message.html ? [{ id: "as-sent", content: t("notifications.message.asSeen") }] : []),
    { id: "text", content: message.html ? t("notifications.message.plainText") : t("notifications.message.text") },
  ];
  const [selected, setSelected] = useState(0);
  const showHtml = message.html !== null && tabs[selected]?.id === "as-sent";
  return (
    <BlockStack gap="300">
      <BlockStack gap="100">
        {message.headers.map(([name, value]) => (
          <Text key={name} as="p" variant="bodySm" breakWord>
            <Text as="span" tone="subdued">{`${name}: `}</Text>
            {value}
          </Text>
        ))}
      </BlockStack>
      {message.linksLeadTo && (
        <Text as="p" tone="subdued">
          {t("notifications.message.demoLinks", { url: message.linksLeadTo })}
        </Text>
      )}
      {tabs.length > 1 && <Tabs tabs={tabs} selected={selected} onSelect={setSelected} />}
      {showHtml ? (
        <EmailFrame title={t("notifications.message.frameTitle")} html={message.html!} />
      ) : (
        <Box background="bg-surface-secondary" padding="300" borderRadius="200">
          <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            <LinkedText text={message.text} />
          </div>
        </Box>
      )}
    </BlockStack>
  );
}

/** Text with every http(s) URL as a link that opens in a new tab. */
function LinkedText({ text }: { text: string }) {
  return (
    <Text as="p">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <Link key={index} url={part} target="_blank">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
