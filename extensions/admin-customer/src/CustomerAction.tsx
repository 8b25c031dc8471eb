import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { loadAction, type ActionStart } from "./backend";
import { CardCreate } from "./CardCreate";
import { t } from "./i18n";
import { TwinIssue } from "./TwinIssue";

// admin.customer-details.action.render: issue a twin or create a card for the customer, in the admin's modal.
export default async () => {
  render(<CustomerAction />, document.body);
};

type State = { status: "loading" } | { status: "error" } | { status: "ready"; start: ActionStart };

function CustomerAction() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [task, setTask] = useState<"twin" | "card">("twin");
  const [done, setDone] = useState<{ message: string; url: string } | null>(null);
  const load = () => {
    setState({ status: "loading" });
    loadAction().then(
      (start) => setState({ status: "ready", start }),
      () => setState({ status: "error" }),
    );
  };
  useEffect(load, []);

  let content;
  if (state.status === "loading") content = <s-text color="subdued">{t("action.loading")}</s-text>;
  else if (state.status === "error")
    content = (
      <s-stack direction="inline" gap="base" alignItems="center">
        <s-text tone="critical">{t("action.error")}</s-text>
        <s-button onClick={load}>{t("action.retry")}</s-button>
      </s-stack>
    );
  else if (done)
    content = (
      <s-stack gap="base">
        <s-banner tone="success" heading={done.message} />
        <s-stack direction="inline" gap="base">
          <s-link href={done.url}>{t("action.open")}</s-link>
          <s-button onClick={() => (setDone(null), load())}>{t("action.another")}</s-button>
        </s-stack>
      </s-stack>
    );
  else {
    const onDone = (message: string, url: string) => setDone({ message, url });
    content = (
      <s-stack gap="base">
        <s-select
          label={t("action.what")}
          name="task"
          value={task}
          onChange={(event: Event) => setTask((event.currentTarget as HTMLInputElement).value === "card" ? "card" : "twin")}
        >
          <s-option value="twin">{t("action.twinChoice")}</s-option>
          <s-option value="card">{t("action.cardChoice")}</s-option>
        </s-select>
        {task === "twin" ? <TwinIssue start={state.start} onDone={onDone} /> : <CardCreate start={state.start} onDone={onDone} />}
      </s-stack>
    );
  }
  return (
    <s-admin-action heading={t("action.heading")}>
      {content}
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t("action.close")}
      </s-button>
    </s-admin-action>
  );
}
