import "@shopify/ui-extensions/preact";
import { useOrder } from "@shopify/ui-extensions/customer-account/preact";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { asApiError, loadOrderIssues } from "./backend";
import { Picture } from "./Holdings";
import { formatNumber, serialLabel, t } from "./i18n";
import type { OrderItem } from "./types";

// customer-account.order-status.block.render: the cards and twins this order issued, if any.
export default async () => {
  render(<OrderStatusBlock />, document.body);
};

/** The full page's address: this app's extension with that handle (shopify.extension.toml). */
const PAGE = "extension:twin-cards-page/";

/** `gid://shopify/Order/123` → `123`, what the app's route takes. */
const numericOrderId = (gid: string | undefined) => (gid ? (/\/Order\/(\d+)$/.exec(gid)?.[1] ?? null) : null);

type State = { status: "loading" } | { status: "error" } | { status: "ready"; items: OrderItem[] };

function OrderStatusBlock() {
  const orderId = numericOrderId(useOrder<"customer-account.order-status.block.render">()?.id);
  const [state, setState] = useState<State>({ status: "loading" });
  const load = useCallback(() => {
    if (!orderId) return;
    setState({ status: "loading" });
    loadOrderIssues(orderId).then(
      ({ items }) => setState({ status: "ready", items }),
      (error: unknown) => setState(asApiError(error).status === 404 ? { status: "ready", items: [] } : { status: "error" }),
    );
  }, [orderId]);
  useEffect(load, [load]);

  // Most orders issue nothing: the block stays out of the way until it has something to show.
  if (!orderId || state.status === "loading" || (state.status === "ready" && !state.items.length)) return null;
  if (state.status === "error") {
    return (
      <s-section heading={t("order.heading")}>
        <s-stack direction="block" gap="small">
          <s-text tone="critical">{t("order.error")}</s-text>
          <s-button variant="secondary" onClick={load}>
            {t("list.retry")}
          </s-button>
        </s-stack>
      </s-section>
    );
  }
  const waiting = state.items.some((item) => item.status === "WAITING");
  return (
    <s-section heading={t("order.heading")}>
      <s-stack direction="block" gap="base">
        {state.items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
        {waiting ? <s-paragraph>{t("order.waiting_help")}</s-paragraph> : null}
        <s-link href={PAGE}>{waiting ? t("order.claim_link") : t("order.link")}</s-link>
      </s-stack>
    </s-section>
  );
}

/** One product line's issue: its status, then each twin and card with its picture. */
function Item({ item }: { item: OrderItem }) {
  const things = [
    ...(item.twin
      ? [
          {
            id: item.twin.id,
            name: item.twin.title,
            serial: serialLabel(item.twin),
            picture: item.twin.images[0],
            kind: t("order.twin", { quantity: formatNumber(item.twin.quantity) }),
          },
        ]
      : []),
    ...item.cards.map((card) => ({
      id: card.id,
      name: card.name,
      serial: serialLabel(card),
      picture: card.media.imageUrls[0],
      kind: t("order.card"),
    })),
  ];
  return (
    <s-box border="base" borderRadius="base" padding="base">
      <s-stack direction="block" gap="small">
        <s-heading>{item.productTitle}</s-heading>
        <s-badge tone={item.status === "VOIDED" ? "critical" : "neutral"}>{t(`order.status_${item.status.toLowerCase()}`)}</s-badge>
        {things.map((thing) => (
          <s-grid key={thing.id} gridTemplateColumns="64px 1fr" gap="base" alignItems="center">
            <Picture url={thing.picture} name={thing.name} />
            <s-stack direction="block" gap="small-300">
              <s-text type="strong">{thing.name}</s-text>
              {thing.serial ? <s-text>{thing.serial}</s-text> : null}
              <s-text color="subdued">{thing.kind}</s-text>
            </s-stack>
          </s-grid>
        ))}
      </s-stack>
    </s-box>
  );
}
