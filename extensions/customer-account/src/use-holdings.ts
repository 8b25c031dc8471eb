import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError, asApiError, loadHoldings } from "./backend";
import type { Holdings } from "./types";

export type HoldingsState =
  { status: "loading"; holdings: Holdings | null } | { status: "error"; error: ApiError } | { status: "ready"; holdings: Holdings };

/** The customer's holdings, loaded on mount; `reload` fetches them again (keeping the last list on screen meanwhile). */
export function useHoldings(): [HoldingsState, () => void] {
  const [state, setState] = useState<HoldingsState>({ status: "loading", holdings: null });
  const reload = useCallback(() => {
    setState((previous) => ({ status: "loading", holdings: previous.status === "ready" ? previous.holdings : null }));
    loadHoldings().then(
      (holdings) => setState({ status: "ready", holdings }),
      (error: unknown) => setState({ status: "error", error: asApiError(error) }),
    );
  }, []);
  useEffect(reload, [reload]);
  return [state, reload];
}
