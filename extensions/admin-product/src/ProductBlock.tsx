import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { loadProduct, type ProductBlockData } from "./backend";
import { formatNumber, serialLabel, t } from "./i18n";

// admin.product-details.block.render: the product's digital twins, rules and GTINs in Twin Cards, on its page in Shopify admin.
export default async () => {
  render(<ProductBlock />, document.body);
};

type State = { status: "loading" } | { status: "error" } | { status: "ready"; data: ProductBlockData };

function ProductBlock() {
  const [state, setState] = useState<State>({ status: "loading" });
  const load = () => {
    setState({ status: "loading" });
    loadProduct().then(
      (data) => setState({ status: "ready", data }),
      () => setState({ status: "error" }),
    );
  };
  useEffect(load, []);
  return <s-admin-block heading={t("heading")}>{body(state, load)}</s-admin-block>;
}

function body(state: State, retry: () => void) {
  if (state.status === "loading") return <s-text color="subdued">{t("loading")}</s-text>;
  if (state.status === "error")
    return (
      <s-stack direction="inline" gap="base" alignItems="center">
        <s-text tone="critical">{t("error")}</s-text>
        <s-button onClick={retry}>{t("reload")}</s-button>
      </s-stack>
    );
  const { data } = state;
  return (
    <s-stack gap="base">
      <s-stack gap="small">
        <s-heading>{t("twins.heading", { count: data.twins.count })}</s-heading>
        {data.twins.latest.map((twin) => (
          <s-stack key={twin.id} direction="inline" gap="small" alignItems="center">
            <s-link href={twin.url}>{twin.title}</s-link>
            {serialLabel(twin.serial) && <s-text color="subdued">{serialLabel(twin.serial)}</s-text>}
            <s-text color="subdued">{twin.unsName}</s-text>
          </s-stack>
        ))}
      </s-stack>
      <s-stack gap="small">
        <s-heading>{t("rules.heading")}</s-heading>
        {data.rules.length === 0 && <s-text color="subdued">{t("rules.none")}</s-text>}
        {data.rules.map((rule) => (
          <s-stack key={rule.id} direction="inline" gap="small" alignItems="center">
            <s-link href={rule.url}>{rule.targetTitle}</s-link>
            <s-text color="subdued">{t(`trigger.${rule.trigger}`)}</s-text>
            <s-text>
              {rule.editionSize === null
                ? t("rules.issuedOpen", { count: rule.issuedCount, issued: formatNumber(rule.issuedCount) })
                : t("rules.issued", {
                    count: rule.issuedCount,
                    issued: formatNumber(rule.issuedCount),
                    size: formatNumber(rule.editionSize),
                  })}
            </s-text>
            {rule.status === "PAUSED" && <s-badge>{t("rules.paused")}</s-badge>}
          </s-stack>
        ))}
      </s-stack>
      <s-stack gap="small">
        <s-heading>{t("gtin.heading")}</s-heading>
        {data.variants.map((variant) => (
          <s-stack key={variant.id} direction="inline" gap="small" alignItems="center">
            <s-text>{data.variants.length > 1 || variant.title !== "Default Title" ? variant.title : data.product.title}</s-text>
            {variant.barcode && <s-text color="subdued">{variant.barcode}</s-text>}
            <s-badge tone={variant.gtin ? "success" : "warning"}>
              {variant.gtin ? t("gtin.ok") : t(`gtin.${variant.problem ?? "missing"}`)}
            </s-badge>
          </s-stack>
        ))}
        {data.product.variantCount > data.variants.length && (
          <s-text color="subdued">{t("gtin.more", { count: data.product.variantCount - data.variants.length })}</s-text>
        )}
      </s-stack>
    </s-stack>
  );
}
