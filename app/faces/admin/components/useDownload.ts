import { useAppBridge } from "@shopify/app-bridge-react";
import { useCallback, useState } from "react";

/** Saves a response's body as the file `filename`, as the browser saves a download. */
export async function saveAsFile(response: Response, filename: string) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

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
        await saveAsFile(response, filename);
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
