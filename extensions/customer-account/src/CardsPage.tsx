import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useState } from "preact/hooks";
import { ClaimForm } from "./ClaimForm";
import { HoldingsGrid } from "./Holdings";
import { t } from "./i18n";
import { NameForm } from "./NameForm";
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
        <HoldingsGrid holdings={holdings} />
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
  const [registered, setRegistered] = useState<string | null>(null);
  const names = state.status === "ready" ? state.holdings.names : null;
  const claim = <ClaimForm initialCode={initialCode} names={names} onClaimed={reload} />;
  return (
    <s-page heading={t("page.heading")}>
      <s-stack direction="block" gap="large">
        {/* Arriving from a claim link, the claim comes first. */}
        {initialCode ? claim : null}
        <HoldingsSection state={state} retry={reload} />
        {initialCode ? null : claim}
        {registered ? <s-banner tone="success" heading={t("name.success", { name: registered })} /> : null}
        {names && names.length === 0 ? (
          <NameForm
            onRegistered={(name) => {
              setRegistered(name);
              reload();
            }}
          />
        ) : null}
      </s-stack>
    </s-page>
  );
}
