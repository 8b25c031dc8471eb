import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import { ClaimForm } from "./ClaimForm";
import { HoldingsGrid } from "./Holdings";
import { t } from "./i18n";
import { WaitingSection } from "./Waiting";
import { WalletForm } from "./WalletForm";
import { useHoldings, type HoldingsState } from "./use-holdings";

// customer-account.page.render: "Cards and twins", a page of the customer's account.
export default async () => {
  render(<CardsPage />, document.body);
};

/** `?code=` in the page's address (a claim notification's link) pre-fills the claim form. */
function codeFromAddress(): string {
  try {
    const url = navigation.currentEntry.url;
    return url ? (new URL(url, "https://shopify.invalid").searchParams.get("code") ?? "").trim().slice(0, 80) : "";
  } catch {
    return "";
  }
}

function HoldingsSection({ state, retry }: { state: HoldingsState; retry: () => void }) {
  const holdings = state.status === "error" ? null : state.holdings;
  return (
    <s-section heading={t("list.heading")}>
      {state.status === "error" ? (
        <s-stack direction="block" gap="base">
          <s-banner tone="critical" heading={state.error.status === 401 ? t("errors.session_expired") : t("list.error")} />
          <s-button onClick={retry}>{t("list.retry")}</s-button>
        </s-stack>
      ) : holdings ? (
        <HoldingsGrid holdings={holdings} onChanged={retry} />
      ) : (
        <s-stack direction="block" gap="base">
          <s-text color="subdued">{t("list.loading")}</s-text>
          <s-skeleton-paragraph />
        </s-stack>
      )}
    </s-section>
  );
}

function CardsPage() {
  const [state, reload] = useHoldings();
  const [initialCode] = useState(codeFromAddress);
  const claim = <ClaimForm initialCode={initialCode} onClaimed={reload} />;
  const holdings = state.status === "error" ? null : state.holdings;
  return (
    <s-page heading={t("page.heading")}>
      <s-stack direction="block" gap="large">
        {/* Arriving from a claim link, the claim comes first; then what waits for a tap. */}
        {initialCode ? claim : null}
        {holdings ? <WaitingSection waiting={holdings.waiting ?? []} onClaimed={reload} /> : null}
        <HoldingsSection state={state} retry={reload} />
        {initialCode ? null : claim}
        {/* Kept on screen while the list reloads after a link, so its confirmation stays. */}
        {holdings ? <WalletForm holdings={holdings} onLinked={reload} /> : null}
      </s-stack>
    </s-page>
  );
}
