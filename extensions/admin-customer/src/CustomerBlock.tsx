import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { loadBlock, type CustomerBlockData, type LatestItem } from "./backend";
import { serialLabel, t } from "./i18n";

// admin.customer-details.block.render: the customer's cards and twins in Twin Cards, on their page in Shopify admin.
export default async () => {
  render(<CustomerBlock />, document.body);
};

/** The action of this extension (its handle in shopify.extension.toml), opened from the block. */
const ACTION = "extension://twin-cards-customer";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; data: CustomerBlockData };

function CustomerBlock() {
  const [state, setState] = useState<State>({ status: "loading" });
  const load = () => {
    setState({ status: "loading" });
    loadBlock().then(
      (data) => setState({ status: "ready", data }),
      () => setState({ status: "error" }),
    );
  };
  useEffect(load, []);
  return <s-admin-block heading={t("block.heading")}>{body(state, load)}</s-admin-block>;
}

function body(state: State, retry: () => void) {
  if (state.status === "loading") return <s-text color="subdued">{t("block.loading")}</s-text>;
  if (state.status === "error")
    return (
      <s-stack direction="inline" gap="base" alignItems="center">
        <s-text tone="critical">{t("block.error")}</s-text>
        <s-button onClick={retry}>{t("block.retry")}</s-button>
      </s-stack>
    );
  const { data } = state;
  return (
    <s-stack gap="base">
      <Counts data={data} />
      <s-text>{data.names.length ? t("block.name", { names: data.names.join(", ") }) : t("block.noName")}</s-text>
      {data.held > 0 && <s-text>{t("block.held", { count: data.held })}</s-text>}
      {data.waiting > 0 && <s-text>{t("block.waiting", { count: data.waiting })}</s-text>}
      {data.latest.length ? (
        <s-stack gap="small">
          <s-heading>{t("block.latest")}</s-heading>
          {data.latest.map((item) => (
            <Line key={item.id} item={item} />
          ))}
        </s-stack>
      ) : (
        <s-text color="subdued">{t("block.none")}</s-text>
      )}
      <s-stack direction="inline" gap="base" alignItems="center">
        <s-button onClick={() => shopify.navigation.navigate(ACTION)}>{t("block.issue")}</s-button>
        <s-link href={data.customer.url}>{t("block.openCustomer")}</s-link>
      </s-stack>
    </s-stack>
  );
}

function Counts({ data }: { data: CustomerBlockData }) {
  const statuses = [
    ...Object.entries(data.cards.byStatus).map(([status, count]) => t(`cardStatus.${status}`, { count })),
    ...Object.entries(data.twins.byStatus).map(([status, count]) => t(`twinStatus.${status}`, { count })),
  ];
  return (
    <s-stack gap="small">
      <s-text type="strong">
        {t("block.cards", { count: data.cards.total })} · {t("block.twins", { count: data.twins.total })}
      </s-text>
      {statuses.length > 0 && (
        <s-stack direction="inline" gap="small">
          {statuses.map((label) => (
            <s-badge key={label}>{label}</s-badge>
          ))}
        </s-stack>
      )}
    </s-stack>
  );
}

function Line({ item }: { item: LatestItem }) {
  const serial = serialLabel(item.serialNumber, item.editionSize);
  return (
    <s-stack direction="inline" gap="small" alignItems="center">
      <s-link href={item.url} accessibilityLabel={t("block.open", { title: item.title })}>
        {item.title}
      </s-link>
      <s-text color="subdued">{t(item.kind === "card" ? "block.card" : "block.twin")}</s-text>
      {serial && <s-text color="subdued">{serial}</s-text>}
      <s-badge tone={item.status === "VOID" || item.status === "FAILED" ? "critical" : undefined}>{t(`status.${item.status}`)}</s-badge>
    </s-stack>
  );
}
