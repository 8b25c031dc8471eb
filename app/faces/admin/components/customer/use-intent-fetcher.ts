import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { useEffect } from "react";

type Result =
  | { intent: string; ok: true; data: unknown }
  | { intent: string; ok: false; message: string; fieldErrors: Record<string, string>; planLimit?: true };

/**
 * A fetcher for one intent of the page's action: its field errors, its last
 * success, and a toast when it succeeds.
 */
export function useIntentFetcher<T>(intent: string, successToast?: (data: T) => string) {
  const fetcher = useFetcher<Result>();
  const shopify = useAppBridge();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const success = result?.ok ? (result.data as T) : undefined;

  useEffect(() => {
    if (success !== undefined && successToast) shopify.toast.show(successToast(success));
    // Only a new result should toast, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  return {
    fetcher,
    busy: fetcher.state !== "idle",
    success,
    fieldErrors: result && !result.ok ? result.fieldErrors : {},
    message: result && !result.ok ? result.message : undefined,
    /** Refused by the shop's plan (decision 0050): the page offers Upgrade. */
    planLimit: result !== undefined && !result.ok && result.planLimit === true,
  };
}
