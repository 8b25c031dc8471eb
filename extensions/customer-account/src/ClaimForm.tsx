import { useState } from "preact/hooks";
import { asApiError, claimCode } from "./backend";
import { formProblem, PUBLIC_KEY, type Problems } from "./fields";
import { HintedField } from "./HintedField";
import { t } from "./i18n";
import type { Card, UniversalName } from "./types";

/** Which field a failed claim concerns, and what to say there (the storefront's Claim a card block says the same). */
function claimProblems(error: ReturnType<typeof asApiError>, code: string, key: string): Problems {
  if (error.status === 404) return { code: "claim.errors.not_found" };
  if (error.status === 409) return { code: "claim.errors.conflict" };
  // 410 is an expired code, or one whose cards the shop voided (its order was cancelled).
  if (error.status === 410) return { code: error.code === "VOIDED" ? "claim.errors.voided" : "claim.errors.expired" };
  if ((error.status === 422 || error.status === 400) && error.fields.length) {
    const problems: Problems = {};
    for (const field of error.fields) {
      if (field === "code") problems.code = code ? "claim.errors.not_found" : "claim.errors.code_required";
      else if (field === "publicKey") problems.publicKey = !key ? "claim.errors.key_required" : PUBLIC_KEY.test(key) ? "claim.errors.key_refused" : "claim.errors.key_invalid";
      else problems[""] = "errors.generic";
    }
    return problems;
  }
  return formProblem(error);
}

/** Claim by code: the code (pre-filled from ?code=), an optional wallet key, the universal name's wallet otherwise. */
export function ClaimForm({ initialCode, names, onClaimed }: { initialCode: string; names: UniversalName[] | null; onClaimed: () => void }) {
  const [code, setCode] = useState(initialCode);
  const [key, setKey] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState<Card[] | null>(null);
  const name = names?.[0];

  const submit = async () => {
    if (busy) return;
    const trimmedCode = code.trim();
    const trimmedKey = key.trim();
    const local: Problems = {};
    if (!trimmedCode) local.code = "claim.errors.code_required";
    if (trimmedKey && !PUBLIC_KEY.test(trimmedKey)) local.publicKey = "claim.errors.key_invalid";
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { cards } = await claimCode(trimmedCode, trimmedKey);
      setClaimed(cards);
      setCode("");
      setKey("");
      onClaimed();
    } catch (error) {
      setProblems(claimProblems(asApiError(error), trimmedCode, trimmedKey));
    } finally {
      setBusy(false);
    }
  };

  if (claimed) {
    return (
      <s-section heading={t("claim.heading")}>
        <s-stack direction="block" gap="base">
          <s-banner tone="success" heading={t("claim.success", { count: claimed.length })}>
            <s-unordered-list>
              {claimed.map((card) => (
                <s-list-item key={card.id}>{card.name}</s-list-item>
              ))}
            </s-unordered-list>
          </s-banner>
          <s-button onClick={() => setClaimed(null)}>{t("claim.claim_another")}</s-button>
        </s-stack>
      </s-section>
    );
  }

  const formError = problems[""];
  return (
    <s-section heading={t("claim.heading")}>
      <s-form onSubmit={() => void submit()}>
        <s-stack direction="block" gap="base">
          <s-paragraph>{t("claim.intro")}</s-paragraph>
          {formError ? <s-banner tone="critical" heading={t(formError)} /> : null}
          <HintedField name="code" label={t("claim.code_label")} hint={t("claim.code_hint")} value={code} onValue={setCode} problems={problems} onProblems={setProblems} />
          <HintedField name="publicKey" label={t("claim.key_label")} hint={name ? t("claim.key_hint_name", { name: name.name }) : t("claim.key_hint")} value={key} onValue={setKey} problems={problems} onProblems={setProblems} />
          <s-button type="submit" variant="primary" loading={busy}>
            {t("claim.button")}
          </s-button>
        </s-stack>
      </s-form>
    </s-section>
  );
}
