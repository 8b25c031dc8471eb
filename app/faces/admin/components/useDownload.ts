import { useAppBridge } from "@shopify/app-bridge-react";
import { useCallback, useState } from "react";

/**
 * Saves what an admin route answers as a file. The request goes through fetch,
 * which App Bridge signs with the session token (a plain link would carry none);
 * a refusal shows `failed` in a toast.
 */
export function useDownload(failed: string) {
  const shopify = useAppBridge();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (path: string, filename: string) => {
      setBusy(true);
      try {
        const response = await fetch(path);
        if (!response.ok) throw new Error(String(response.status));
        const link = document.createElement("a");
        link.href = URL.createObjectURL(await response.blob());
        link.download = filename;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      } catch {
        shopify.toast.show(failed, { isError: true });
      } finally {
        setBusy(false);
      }
    },
    [shopify, failed],
  );
  return { download, busy };
}
