import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { t } from "./i18n";
import { useHoldings } from "./use-holdings";

// customer-account.profile.block.render: how many cards and twins the customer holds, and a link to the page.
export default async () => {
  render(<ProfileBlock />, document.body);
};

/** The full page's address: this app's extension with that handle (shopify.extension.toml). */
const PAGE = "extension:twin-cards-page/";

function ProfileBlock() {
  const [state, reload] = useHoldings();
  const holdings = state.status === "error" ? null : state.holdings;
  let summary;
  if (state.status === "error") {
    summary = (
      <s-stack direction="block" gap="small">
        <s-text tone="critical">{t("profile.error")}</s-text>
        <s-button variant="secondary" onClick={reload}>
          {t("list.retry")}
        </s-button>
      </s-stack>
    );
  } else if (!holdings) {
    summary = <s-skeleton-paragraph />;
  } else if (!holdings.cards.length && !holdings.twins.length) {
    summary = <s-text color="subdued">{t("profile.none")}</s-text>;
  } else {
    summary = (
      <s-text>
        {t("profile.cards", { count: holdings.cards.length })} · {t("profile.twins", { count: holdings.twins.length })}
      </s-text>
    );
  }
  return (
    <s-section heading={t("profile.heading")}>
      <s-stack direction="block" gap="base">
        {summary}
        <s-link href={PAGE}>{t("profile.link")}</s-link>
      </s-stack>
    </s-section>
  );
}
