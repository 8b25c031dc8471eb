import { useState } from "preact/hooks";
import { asApiError, claimCode } from "./backend";
import { formProblem, type Problems } from "./fields";
import { HintedField } from "./HintedField";
import { t } from "./i18n";
import type { Card } from "./types";

/** Which field a failed claim concerns, and what to say there (the storefront's Claim a card block says the same). */
function claimProblems(error: ReturnType<typeof asApiError>, code: string): Problems {
  if (error.status === 404) return { code: "claim.errors.not_found" };
  if (error.status === 409) return { code: error.reason === "GIFT_TAKEN_BACK" ? "claim.errors.taken_back" : "claim.errors.conflict" };
  // 410 is an expired code, or one whose cards the shop voided (its order was cancelled).
  if (error.status === 410) return { code: error.code === "VOIDED" ? "claim.errors.voided" : "claim.errors.expired" };
  if ((error.status === 422 || error.status === 400) && error.fields.length) {
    const problems: Problems = {};
    for (const field of error.fields) {
      if (field === "code") problems.code = code ? "claim.errors.not_found" : "claim.errors.code_required";
      else problems[""] = "errors.generic";
    }
    return problems;
  }
  return formProblem(error);
}

/** Claim by code alone (pre-filled from ?code=): a wallet linked or named gets the cards, else the store holds them (decision 0032). */
export function ClaimForm({ initialCode, onClaimed }: { initialCode: string; onClaimed: () => void }) {
  const [code, setCode] = useState(initialCode);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState<Card[] | null>(null);

  const submit = async () => {
    if (busy) return;
    const trimmedCode = code.trim();
    const local: Problems = trimmedCode ? {} : { code: "claim.errors.code_required" };
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { cards } = await claimCode(trimmedCode);
      setClaimed(cards);
      setCode("");
      onClaimed();
    } catch (error) {
      setProblems(claimProblems(asApiError(error), trimmedCode));
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
            {claimed.some((card) => card.custody === "HELD") ? <s-paragraph>{t("claim.held")}</s-paragraph> : null}
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
          <HintedField
            name="code"
            label={t("claim.code_label")}
            hint={t("claim.code_hint")}
            value={code}
            onValue={setCode}
            problems={problems}
            onProblems={setProblems}
          />
          <s-button type="submit" variant="primary" loading={busy}>
            {t("claim.button")}
          </s-button>
        </s-stack>
      </s-form>
    </s-section>
  );
}
