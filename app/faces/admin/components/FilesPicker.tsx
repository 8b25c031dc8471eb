import { useFetcher } from "@remix-run/react";
import { BlockStack, Box, Button, InlineGrid, Modal, Spinner, Text, TextField } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilesAnswer } from "~/routes/app.files";

const SEARCH_DELAY_MS = 300;

/**
 * Picks an image from the shop's Files (Shopify admin › Content › Files), searched and paged,
 * for a template's image URL; typing a URL stays possible beside it.
 */
export function FilesPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FilesAnswer>();
  const [search, setSearch] = useState("");
  const [files, setFiles] = useState<FilesAnswer["files"]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const appending = useRef(false);
  const { load } = fetcher;

  const fetchPage = (after?: string) => {
    appending.current = after !== undefined;
    const params = new URLSearchParams({ search });
    if (after) params.set("after", after);
    load(`/app/files?${params}`);
  };

  // The first page when the picker opens, and again as the merchant types (once they pause).
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      appending.current = false;
      load(`/app/files?${new URLSearchParams({ search })}`);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, search, load]);

  useEffect(() => {
    if (!fetcher.data) return;
    const page = fetcher.data;
    setFiles((current) => (appending.current ? [...current, ...page.files] : page.files));
    setNextCursor(page.nextCursor);
    setFailed(page.failed);
  }, [fetcher.data]);

  const loading = fetcher.state !== "idle";
  return (
    <Modal open={open} onClose={onClose} title={t("files.title")} secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}>
      <Modal.Section>
        <BlockStack gap="400">
          <TextField
            label={t("files.search")}
            type="search"
            value={search}
            onChange={setSearch}
            autoComplete="off"
            clearButton
            onClearButtonClick={() => setSearch("")}
          />
          {failed && (
            <Text as="p" tone="critical">
              {t("files.failed")}
            </Text>
          )}
          {!failed && !loading && files.length === 0 && (
            <Text as="p" tone="subdued">
              {t("files.none")}
            </Text>
          )}
          <InlineGrid columns={{ xs: 2, sm: 4 }} gap="300">
            {files.map((file) => (
              <button
                key={file.id}
                type="button"
                className="twin-files-picker__file"
                onClick={() => {
                  onPick(file.url);
                  onClose();
                }}
                aria-label={t("files.pick", { name: file.alt || file.url.split("/").pop() })}
                style={{ border: "1px solid #e3e3e3", borderRadius: 8, padding: 4, background: "#fff", cursor: "pointer" }}
              >
                <img
                  src={file.url}
                  alt=""
                  style={{ width: "100%", aspectRatio: "1", objectFit: "cover", display: "block", borderRadius: 6 }}
                />
                <Text as="span" variant="bodySm" truncate>
                  {file.alt}
                </Text>
              </button>
            ))}
          </InlineGrid>
          {loading && (
            <Box>
              <Spinner size="small" accessibilityLabel={t("files.loading")} />
            </Box>
          )}
          {nextCursor && !loading && <Button onClick={() => fetchPage(nextCursor)}>{t("files.more")}</Button>}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
