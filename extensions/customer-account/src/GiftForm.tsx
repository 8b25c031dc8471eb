import { useState } from "preact/hooks";
import { asApiError, cancelGift, giveCard } from "./backend";
import { formProblem, type Problems } from "./fields";
import { HintedField } from "./HintedField";
import { pageLanguage, t } from "./i18n";
import type { Card } from "./types";

/** What to say, and where, when the app refuses a gift. */
function giftProblems(error: ReturnType<typeof asApiError>): Problems {
  if (error.status === 409) return { "": "gift.errors.conflict" };
  if (error.status === 410) return { "": "gift.errors.voided" };
  if (error.status === 422 && error.fields.length) {
    return error.fields.includes("message") ? { message: "gift.errors.message" } : { recipient: "gift.errors.recipient" };
  }
  return formProblem(error);
}

/**
 * Give this, on one card of the account page (the storefront's My cards does the same):
 * the recipient's e-mail or phone and an optional message; while the gift waits, take it back.
 */
export function GiftActions({ card, onChanged }: { card: Card; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [recipient, setRecipient] = useState("");
  const [message, setMessage] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      setOpen(false);
      onChanged();
    } catch (error) {
      setProblems(giftProblems(asApiError(error)));
    } finally {
      setBusy(false);
    }
  };

  if (card.status === "PENDING_TRANSFER") {
    return (
      <s-stack direction="block" gap="small-300">
        {problems[""] ? <s-banner tone="critical" heading={t(problems[""])} /> : null}
        <s-button loading={busy} onClick={() => void run(() => cancelGift(card.id))}>
          {t("gift.take_back")}
        </s-button>
      </s-stack>
    );
  }
  if (card.status === "OWNED" && card.chain) return <s-text color="subdued">{t("gift.minted")}</s-text>;
  if (!card.giftable) return null;
  if (!open) return <s-button onClick={() => setOpen(true)}>{t("gift.give")}</s-button>;

  const submit = () => {
    const to = recipient.trim();
    if (!to) return setProblems({ recipient: "gift.errors.recipient" });
    // The page's language: the recipient reads the gift in it unless Shopify knows theirs (issue 39).
    const locale = pageLanguage();
    void run(() => giveCard(card.id, { ...(to.includes("@") ? { email: to } : { phone: to }), message, locale }));
  };
  return (
    <s-form onSubmit={submit}>
      <s-stack direction="block" gap="small">
        {problems[""] ? <s-banner tone="critical" heading={t(problems[""])} /> : null}
        <HintedField
          name="recipient"
          label={t("gift.recipient_label")}
          hint={t("gift.recipient_hint")}
          value={recipient}
          onValue={setRecipient}
          problems={problems}
          onProblems={setProblems}
        />
        <HintedField
          name="message"
          label={t("gift.message_label")}
          hint={t("gift.message_hint")}
          value={message}
          onValue={setMessage}
          problems={problems}
          onProblems={setProblems}
        />
        <s-stack direction="inline" gap="small">
          <s-button type="submit" variant="primary" loading={busy}>
            {t("gift.send")}
          </s-button>
          <s-button onClick={() => setOpen(false)}>{t("gift.close")}</s-button>
        </s-stack>
      </s-stack>
    </s-form>
  );
}
