import { useState } from "preact/hooks";
import { asApiError, claimWaiting } from "./backend";
import { formProblem } from "./fields";
import { longDate, t } from "./i18n";
import type { WaitingCode } from "./types";

type Outcome = { tone: "success" | "critical"; key: string } | null;

/**
 * "Waiting for you" (decision 0070): the cards a shop e-mailed to the customer's verified address,
 * each code claimed with one tap, no code typed. The proxy's My cards shows the same words.
 */
export function WaitingSection({ waiting, onClaimed }: { waiting: WaitingCode[]; onClaimed: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const claim = async (id: string) => {
    if (busy) return;
    setBusy(id);
    try {
      await claimWaiting(id);
      setOutcome({ tone: "success", key: "waiting.claimed" });
    } catch (error) {
      const failure = asApiError(error);
      // Claimed elsewhere, voided or expired meanwhile: the list, reloaded, no longer has it.
      setOutcome({ tone: "critical", key: failure.status === 404 ? "waiting.gone" : (formProblem(failure)[""] ?? "errors.generic") });
    } finally {
      setBusy(null);
      onClaimed();
    }
  };

  // Kept on screen once the last one is claimed, so its confirmation stays.
  if (!waiting.length && !outcome) return null;
  return (
    <s-section heading={t("waiting.heading")}>
      <s-stack direction="block" gap="base">
        {outcome ? <s-banner tone={outcome.tone} heading={t(outcome.key)} /> : null}
        {waiting.length ? <s-paragraph>{t("waiting.hint")}</s-paragraph> : null}
        {waiting.map((code) => {
          const names = code.cards.map((card) => card.name).join(", ");
          const until = longDate(code.expiresAt);
          return (
            <s-box key={code.id} border="base" borderRadius="base" padding="base">
              <s-stack direction="block" gap="small">
                <s-heading>{names}</s-heading>
                {until ? <s-text color="subdued">{t("waiting.until", { date: until })}</s-text> : null}
                <s-button
                  variant="primary"
                  loading={busy === code.id}
                  accessibilityLabel={`${t("waiting.claim")}: ${names}`}
                  onClick={() => void claim(code.id)}
                >
                  {t("waiting.claim")}
                </s-button>
              </s-stack>
            </s-box>
          );
        })}
      </s-stack>
    </s-section>
  );
}
