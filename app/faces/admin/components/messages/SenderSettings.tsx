import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Box, Button, Card, FormLayout, InlineStack, Text, TextField, Thumbnail } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilesPicker } from "../FilesPicker";

type Answer = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

interface Sender {
  name: string;
  logoUrl: string | null;
  customLogoUrl: string | null;
  brandLogoUrl: string | null;
  /** Whether Shopify was ever read (false: messages use the shop's domain, English, UTC). */
  known: boolean;
  /** Shopify did not answer for the name, e-mail, languages and time zone just now. */
  essentialsUnread: boolean;
  /** The brand logo could not be read just now. */
  logoUnread: boolean;
}

/** What Settings → Messages tells the merchant when Shopify could not be read, and what messages use meanwhile. */
function ProfileWarnings({ sender }: { sender: Sender }) {
  const { t } = useTranslation();
  const logo = sender.customLogoUrl
    ? t("messages.brandLogoYours")
    : sender.brandLogoUrl
      ? t("messages.brandLogoLast")
      : t("messages.brandLogoNone");
  return (
    <>
      {sender.essentialsUnread ? (
        <Banner tone="warning">
          <p>{t(sender.known ? "messages.profileUnread" : "messages.profileNeverRead", { name: sender.name })}</p>
        </Banner>
      ) : null}
      {sender.logoUnread && !sender.essentialsUnread ? (
        <Banner tone="info">
          <p>{t("messages.brandLogoUnread", { logo })}</p>
        </Banner>
      ) : null}
    </>
  );
}

/** Who messages come from: the shop's name (from Shopify) and its logo, the brand's or one the merchant points at. */
export function SenderSettings({ sender }: { sender: Sender }) {
  const fetcher = useFetcher<Answer>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [logoUrl, setLogoUrl] = useState(sender.customLogoUrl ?? "");
  const [pickingLogo, setPickingLogo] = useState(false);
  const [edited, setEdited] = useState(false);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setEdited(false);
    if (fetcher.data.ok) shopify.toast.show(t("messages.logoSaved"));
  }, [fetcher.state, fetcher.data, shopify, t]);

  return (
    <Card>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="logo" />
        <FormLayout>
          <Text as="h2" variant="headingMd">
            {t("messages.sender")}
          </Text>
          <ProfileWarnings sender={sender} />
          <InlineStack gap="300" blockAlign="center" wrap={false}>
            {sender.logoUrl ? <Thumbnail source={sender.logoUrl} alt={sender.name} size="medium" /> : null}
            <BlockStack gap="100">
              <Text as="p" fontWeight="semibold">
                {sender.name}
              </Text>
              <Text as="p" tone="subdued">
                {t("messages.senderHelp")}
              </Text>
            </BlockStack>
          </InlineStack>
          <TextField
            label={t("messages.logoUrl")}
            name="logoUrl"
            type="url"
            value={logoUrl}
            onChange={(value) => {
              setLogoUrl(value);
              setEdited(true);
            }}
            autoComplete="off"
            placeholder="https://cdn.shopify.com/s/files/…/logo.png"
            labelAction={{ content: t("files.choose"), onAction: () => setPickingLogo(true) }}
            helpText={sender.brandLogoUrl ? t("messages.logoHelpBrand") : t("messages.logoHelp")}
            error={edited ? undefined : failed?.fieldErrors.logoUrl}
          />
          <Box>
            <InlineStack align="end">
              <Button submit loading={fetcher.state !== "idle"}>
                {t("messages.saveLogo")}
              </Button>
            </InlineStack>
          </Box>
        </FormLayout>
      </fetcher.Form>
      <FilesPicker
        open={pickingLogo}
        onClose={() => setPickingLogo(false)}
        onPick={(url) => {
          setLogoUrl(url);
          setEdited(true);
        }}
      />
    </Card>
  );
}
