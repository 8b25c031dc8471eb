import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const qrPath = (itemId: string, format: "png" | "svg", download = false) =>
  `/app/verify-qr/${encodeURIComponent(itemId)}?format=${format}${download ? "&download=1" : ""}`;

/**
 * The QR code of an item's public verification page (its GS1 Digital Link when it has
 * one: the server says which in X-Verify-Url), with PNG and SVG downloads for a tag.
 * The images come from /app/verify-qr/<id> through fetch, which App Bridge signs with
 * the session token (an <img src> or a plain link would not be).
 */
export function VerifyQr({
  itemId,
  itemName,
  verifyUrl,
  collapsed = false,
}: {
  itemId: string;
  itemName: string;
  verifyUrl: string;
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const [shown, setShown] = useState(!collapsed);
  const [image, setImage] = useState<string | null>(null);
  const [encoded, setEncoded] = useState(verifyUrl);

  useEffect(() => {
    if (!shown || image) return;
    let cancelled = false;
    fetch(qrPath(itemId, "svg"))
      .then((response) => {
        if (!response.ok) return Promise.reject(new Error(String(response.status)));
        if (!cancelled) setEncoded(response.headers.get("X-Verify-Url") ?? verifyUrl);
        return response.text();
      })
      .then((svg) => !cancelled && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => !cancelled && shopify.toast.show(t("verification.loadFailed"), { isError: true }));
    return () => {
      cancelled = true;
    };
  }, [shown, image, itemId, shopify, t, verifyUrl]);

  const download = async (format: "png" | "svg") => {
    try {
      const response = await fetch(qrPath(itemId, format, true));
      if (!response.ok) throw new Error(String(response.status));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = `verify-${itemId}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch {
      shopify.toast.show(t("verification.loadFailed"), { isError: true });
    }
  };

  if (!shown)
    return (
      <Button variant="plain" onClick={() => setShown(true)} accessibilityLabel={t("verification.showFor", { name: itemName })}>
        {t("verification.show")}
      </Button>
    );
  return (
    <BlockStack gap="200">
      {image ? (
        <img src={image} alt={t("verification.alt", { name: itemName })} width={160} height={160} data-verify-url={encoded} />
      ) : (
        <div style={{ width: 160, height: 160 }} aria-busy="true" />
      )}
      <Text as="p" tone="subdued" breakWord>
        <Link url={encoded} target="_blank">
          {encoded}
        </Link>
      </Text>
      <InlineStack gap="200">
        <Button onClick={() => void download("png")} accessibilityLabel={t("verification.downloadPngFor", { name: itemName })}>
          {t("verification.downloadPng")}
        </Button>
        <Button onClick={() => void download("svg")} accessibilityLabel={t("verification.downloadSvgFor", { name: itemName })}>
          {t("verification.downloadSvg")}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
