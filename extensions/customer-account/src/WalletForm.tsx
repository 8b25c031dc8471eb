import { useState } from "preact/hooks";
import { asApiError, linkPastedWallet } from "./backend";
import { formProblem, inputValue, PUBLIC_KEY, UNIVERSAL_NAME, type Problems } from "./fields";
import { HintedField } from "./HintedField";
import { t } from "./i18n";
import type { Holdings, LinkedWallet } from "./types";
import { WalletLine } from "./WalletLine";

function linkProblems(error: ReturnType<typeof asApiError>, address: string): Problems {
  if (error.status === 409) return { name: "wallet.errors.name_taken" };
  if ((error.status === 422 || error.status === 400) && error.fields.length) {
    const problems: Problems = {};
    for (const field of error.fields) {
      if (field === "publicKey")
        problems.publicKey = PUBLIC_KEY.test(address) ? "wallet.errors.address_refused" : "wallet.errors.address_invalid";
      else if (field === "name") problems.name = "wallet.errors.name_invalid";
      else if (field === "acknowledgeRisk") problems.acknowledgeRisk = "wallet.errors.acknowledge_required";
      else problems[""] = "errors.generic";
    }
    return problems;
  }
  return formProblem(error);
}

const linkedLine = (wallet: NonNullable<LinkedWallet>, moved: number) =>
  moved === 0 ? t("wallet.linked_none", { address: wallet.address }) : t("wallet.linked", { address: wallet.address, count: moved });

/**
 * Linking a wallet (decision 0032). Signing needs a wallet, which the customer
 * account cannot reach: that is a link to the storefront's wallet page. Pasting
 * an address works here, only with the risk acknowledged.
 */
export function WalletForm({ holdings, onLinked }: { holdings: Holdings; onLinked: () => void }) {
  const [address, setAddress] = useState("");
  const [name, setName] = useState("");
  const [acknowledged, setAcknowledged] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const held = holdings.cards.filter((card) => card.custody === "HELD").length;

  const submit = async () => {
    if (busy) return;
    const trimmed = address.trim();
    const normalisedName = name.trim().toLowerCase();
    const local: Problems = {};
    if (!trimmed) local.publicKey = "wallet.errors.address_required";
    else if (!PUBLIC_KEY.test(trimmed)) local.publicKey = "wallet.errors.address_invalid";
    if (normalisedName && !UNIVERSAL_NAME.test(normalisedName)) local.name = "wallet.errors.name_invalid";
    if (!acknowledged) local.acknowledgeRisk = "wallet.errors.acknowledge_required";
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const linked = await linkPastedWallet(trimmed, normalisedName);
      setDone(linkedLine(linked.wallet, linked.cards.length));
      setAddress("");
      setName("");
      setAcknowledged(false);
      onLinked();
    } catch (error) {
      setProblems(linkProblems(asApiError(error), trimmed));
    } finally {
      setBusy(false);
    }
  };

  const wallet = holdings.wallet;
  const formError = problems[""];
  return (
    <s-section heading={t("wallet.heading")}>
      <s-stack direction="block" gap="base">
        <s-paragraph>{t("wallet.intro")}</s-paragraph>
        {held > 0 ? <s-paragraph>{t("wallet.held", { count: held })}</s-paragraph> : null}
        {wallet ? <WalletLine wallet={wallet} /> : null}
        {done ? <s-banner tone="success" heading={done} /> : null}
        <s-link href={holdings.walletPageUrl} target="_blank">
          {t("wallet.sign")}
        </s-link>
        <s-text color="subdued">{t("wallet.sign_help")}</s-text>
        <s-heading>{t("wallet.paste_heading")}</s-heading>
        <s-banner tone="warning" heading={t("wallet.paste_warning")} />
        <s-form onSubmit={() => void submit()}>
          <s-stack direction="block" gap="base">
            {formError ? <s-banner tone="critical" heading={t(formError)} /> : null}
            <HintedField
              name="publicKey"
              label={t("wallet.address_label")}
              hint={t("wallet.address_hint")}
              value={address}
              onValue={setAddress}
              problems={problems}
              onProblems={setProblems}
            />
            <HintedField
              name="name"
              label={t("wallet.name_label")}
              hint={t("wallet.name_hint")}
              value={name}
              onValue={setName}
              problems={problems}
              onProblems={setProblems}
            />
            <s-checkbox
              name="acknowledgeRisk"
              label={t("wallet.acknowledge")}
              checked={acknowledged}
              error={problems.acknowledgeRisk ? t(problems.acknowledgeRisk) : undefined}
              onChange={(event: Event) => {
                setAcknowledged((event.currentTarget as HTMLInputElement | null)?.checked === true || inputValue(event) === "true");
                if (problems.acknowledgeRisk) setProblems({ ...problems, acknowledgeRisk: undefined });
              }}
            />
            <s-button type="submit" loading={busy}>
              {t("wallet.button")}
            </s-button>
          </s-stack>
        </s-form>
      </s-stack>
    </s-section>
  );
}
