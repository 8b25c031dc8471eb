import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, loadOrder, retryLine, voidLine, type Item, type Line, type OrderBlockData } from "./backend";
import { serialLabel, t } from "./i18n";

// admin.order-details.block.render: what Twin Cards' rules issued for this order, on its page in Shopify admin.
export default async () => {
  render(<OrderBlock />, document.body);
};

type State = { status: "loading" } | { status: "error" } | { status: "ready"; data: OrderBlockData };

function OrderBlock() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Blocks have no toast: what an action did is said above the lines.
  const [done, setDone] = useState<string | null>(null);
  const load = () => {
    setState({ status: "loading" });
    loadOrder().then(
      (data) => setState({ status: "ready", data }),
      () => setState({ status: "error" }),
    );
  };
  useEffect(load, []);

  const act = async (line: Line, verb: "retry" | "void") => {
    if (busy) return;
    setBusy(line.id);
    setFailure(null);
    setDone(null);
    try {
      if (verb === "retry") {
        setState({ status: "ready", data: await retryLine(line.id) });
        setDone(t("retried"));
      } else {
        const data = await voidLine(line.id);
        setState({ status: "ready", data });
        setDone(t("voided", { count: data.voided }));
      }
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t("error"));
    } finally {
      setBusy(null);
    }
  };

  return <s-admin-block heading={t("heading")}>{body(state, load, act, busy, failure, done)}</s-admin-block>;
}

function body(
  state: State,
  retry: () => void,
  act: (line: Line, verb: "retry" | "void") => void,
  busy: string | null,
  failure: string | null,
  done: string | null,
) {
  if (state.status === "loading") return <s-text color="subdued">{t("loading")}</s-text>;
  if (state.status === "error")
    return (
      <s-stack direction="inline" gap="base" alignItems="center">
        <s-text tone="critical">{t("error")}</s-text>
        <s-button onClick={retry}>{t("reload")}</s-button>
      </s-stack>
    );
  if (state.data.lines.length === 0) return <s-text color="subdued">{t("none")}</s-text>;
  return (
    <s-stack gap="base">
      {failure && <s-banner tone="critical">{failure}</s-banner>}
      {done && <s-banner tone="success">{done}</s-banner>}
      {state.data.lines.map((line) => (
        <LineView key={line.id} line={line} act={act} busy={busy === line.id} />
      ))}
    </s-stack>
  );
}

const STATUS_TONE: Record<string, "critical" | "success" | "warning" | undefined> = {
  FAILED: "critical",
  PLAN_LIMIT: "warning",
  ISSUED: "success",
  CLAIMED: "success",
};

function LineView({ line, act, busy }: { line: Line; act: (line: Line, verb: "retry" | "void") => void; busy: boolean }) {
  return (
    <s-stack gap="small">
      <s-stack direction="inline" gap="small" alignItems="center">
        <s-text type="strong">{line.productTitle}</s-text>
        <s-text color="subdued">× {line.quantity}</s-text>
        <s-badge tone={STATUS_TONE[line.status]}>{t(`line.${line.status}`)}</s-badge>
      </s-stack>
      {line.reason && <s-text tone={line.status === "FAILED" ? "critical" : undefined}>{line.reason}</s-text>}
      {line.recipient && <s-text color="subdued">{t("sentTo", { recipient: line.recipient })}</s-text>}
      {line.items.map((item) => (
        <ItemView key={item.id} item={item} />
      ))}
      {(line.canRetry || line.voidable > 0) && (
        <s-stack direction="inline" gap="base">
          {line.canRetry && (
            <s-button onClick={() => act(line, "retry")} loading={busy} disabled={busy}>
              {t("retry")}
            </s-button>
          )}
          {line.voidable > 0 && (
            <s-button tone="critical" onClick={() => act(line, "void")} loading={busy} disabled={busy}>
              {t("void", { count: line.voidable })}
            </s-button>
          )}
        </s-stack>
      )}
    </s-stack>
  );
}

function ItemView({ item }: { item: Item }) {
  const serial = serialLabel(item.serial);
  return (
    <s-stack direction="inline" gap="small" alignItems="center">
      <s-link href={item.url}>{item.name}</s-link>
      <s-text color="subdued">{t(item.kind === "TWIN" ? "twin" : "card")}</s-text>
      {serial && <s-text color="subdued">{serial}</s-text>}
      <s-badge tone={item.status === "VOID" ? "critical" : undefined}>{t(`item.${item.status}`)}</s-badge>
      {item.kind === "CARD" && <s-text color="subdued">{t(item.claimed ? "claimed" : "notClaimed")}</s-text>}
    </s-stack>
  );
}
