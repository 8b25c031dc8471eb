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
    const problems: Problems = {};
    for (const field of error.fields) {
      if (field === "message") problems.message = "gift.errors.message";
      else if (field === "fromName") problems.fromName = "gift.errors.from_name";
      else problems.recipient = "gift.errors.recipient";
    }
    return problems;
  }
  return formProblem(error);
}

// The app's limit for the name the friend reads (MAX_GIVER_NAME); it refuses an e-mail address there.
const MAX_GIVER_NAME = 60;

/**
 * Give this, on one card of the account page (the storefront's My cards does the same):
 * the recipient's e-mail or phone, an optional message and the giver's name as the friend will
 * read it (their first name until they edit it, decision 0068); while the gift waits, take it back.
 */
export function GiftActions({ card, giverName, onChanged }: { card: Card; giverName: string; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [recipient, setRecipient] = useState("");
  const [message, setMessage] = useState("");
  const [fromName, setFromName] = useState(giverName);
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
    const name = fromName.trim();
    const local: Problems = {};
    if (!to) local.recipient = "gift.errors.recipient";
    // Blank is refused once the form offered a name; with none known (Shopify has no first name), the
    // gift goes without one and the friend reads "the person who gave it to you".
    const blankAllowed = !giverName.trim();
    if ((!name && !blankAllowed) || name.length > MAX_GIVER_NAME || name.includes("@")) local.fromName = "gift.errors.from_name";
    setProblems(local);
    if (Object.keys(local).length) return;
    // The page's language: the recipient reads the gift in it unless Shopify knows theirs (issue 39).
    const locale = pageLanguage();
    void run(() =>
      giveCard(card.id, { ...(to.includes("@") ? { email: to } : { phone: to }), message, ...(name ? { fromName: name } : {}), locale }),
    );
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
        <HintedField
          name="fromName"
          label={t("gift.from_label")}
          hint={t("gift.from_hint")}
          value={fromName}
          onValue={setFromName}
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
