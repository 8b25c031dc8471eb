import { useRef, useState } from "preact/hooks";
import { createCard, newKey, type ActionStart } from "./backend";
import { Field, inputValue, refusalOf, type Refusal } from "./fields";
import { t } from "./i18n";

/** "Create a card for this customer" of the app's customer page: owned now (in their name's wallet) or claimed with a code sent to them. */
export function CardCreate({ start, onDone }: { start: ActionStart; onDone: (message: string, url: string) => void }) {
  const wallet = start.names[0]?.public_key ?? null;
  const [mode, setMode] = useState<"owner" | "redemption">(wallet ? "owner" : "redemption");
  const [name, setName] = useState("");
  const [imageUrl, setImageUrl] = useState("");
  const [email, setEmail] = useState(start.customer.email ?? "");
  const [phone, setPhone] = useState(start.customer.phone ?? "");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const key = useRef<string | null>(null);
  const edited = () => {
    key.current = null;
    setRefusal(null);
  };

  const create = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    key.current ??= newKey();
    const destination = mode === "owner" ? { publicKey: wallet ?? "" } : { email, phone };
    try {
      const card = await createCard({ mode, name, imageUrls: imageUrl.trim() ? [imageUrl.trim()] : [], ...destination }, key.current);
      key.current = null;
      onDone(t(mode === "owner" ? "action.created" : "action.codeSent", { name: card.name }), `app:app/cards/${card.id}`);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) => refusal?.fields[field] ?? refusal?.fields[`media.${field}`];

  return (
    <s-stack gap="base">
      <s-select
        label={t("action.how")}
        name="mode"
        value={mode}
        onChange={(event: Event) => (setMode(inputValue(event) === "owner" ? "owner" : "redemption"), edited())}
      >
        <s-option value="owner">{wallet ? t("action.owned") : t("action.ownedNeedsName")}</s-option>
        <s-option value="redemption">{t("action.byCode")}</s-option>
      </s-select>
      <Field
        label={t("action.cardName")}
        name="name"
        value={name}
        error={fieldError("name")}
        onValue={(value) => (setName(value), edited())}
      />
      <Field
        label={t("action.imageUrl")}
        name="imageUrls"
        value={imageUrl}
        error={fieldError("imageUrls[0]") ?? fieldError("imageUrls")}
        onValue={(value) => (setImageUrl(value), edited())}
      />
      {mode === "redemption" && (
        <>
          <Field
            label={t("action.email")}
            name="email"
            value={email}
            error={fieldError("email")}
            onValue={(value) => (setEmail(value), edited())}
          />
          <Field
            label={t("action.phone")}
            name="phone"
            value={phone}
            error={fieldError("phone")}
            onValue={(value) => (setPhone(value), edited())}
          />
        </>
      )}
      {refusal && (mode === "owner" || !Object.keys(refusal.fields).length) && <s-text tone="critical">{refusal.message}</s-text>}
      <s-button variant="primary" loading={busy} disabled={mode === "owner" && !wallet} onClick={create}>
        {t("action.create")}
      </s-button>
    </s-stack>
  );
}
