import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { saveAsFile } from "../useDownload";

/**
 * Settings → NFC tag keys (decision 0063): UIDs pasted or read from a text file, sent to /app/tag-keys,
 * whose CSV is saved as a file; a refused list shows its reason under the field, and no file.
 */
export function TagKeysSettings({ setUp }: { setUp: boolean }) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const [uids, setUids] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (!setUp)
    return (
      <Card>
        <Text as="p" tone="subdued">
          {t("tagKeys.notSetUp")}
        </Text>
      </Card>
    );

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setUids(await file.text());
    event.target.value = "";
  };

  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // fetch, which App Bridge signs with the session token (a form's own navigation would carry none).
      const response = await fetch("/app/tag-keys", { method: "POST", body: new URLSearchParams({ uids }) });
      if (response.status === 400) {
        const failure = (await response.json()) as { message: string; fieldErrors: Record<string, string> };
        setError(failure.fieldErrors.uids ?? failure.message);
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "tag-keys.csv";
      await saveAsFile(response, name);
    } catch {
      shopify.toast.show(t("tagKeys.failed"), { isError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <BlockStack gap="300">
        <TextField
          label={t("tagKeys.uids")}
          value={uids}
          onChange={setUids}
          multiline={6}
          autoComplete="off"
          monospaced
          helpText={t("tagKeys.uidsHelp")}
          error={error}
        />
        <label>
          <Text as="span" variant="bodyMd">
            {t("tagKeys.file")}{" "}
          </Text>
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            onChange={(event) => void readFile(event)}
            style={{ maxWidth: "100%" }}
          />
        </label>
        <Text as="p" tone="caution">
          {t("tagKeys.secret")}
        </Text>
        <InlineStack>
          <Button onClick={() => void download()} loading={busy}>
            {t("tagKeys.download")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
