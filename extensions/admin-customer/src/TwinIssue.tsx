import { useRef, useState } from "preact/hooks";
import { issueTwin, newKey, registerName, validateName, type ActionStart, type NameEntry } from "./backend";
import { Field, inputValue, refusalOf, type Refusal } from "./fields";
import { t } from "./i18n";

/**
 * The two-step twin issue of the app's customer page: the universal name, validated (or
 * registered with the customer's wallet), then a product the customer ordered.
 */
export function TwinIssue({ start, onDone }: { start: ActionStart; onDone: (message: string, url: string) => void }) {
  const [name, setName] = useState(start.names[0]?.uns_name ?? "");
  const [wallet, setWallet] = useState("");
  const [validated, setValidated] = useState<NameEntry | null>(null);
  const [variantId, setVariantId] = useState("");
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const key = useRef<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await work();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  const validate = () => run(async () => setValidated(await validateName(name.trim())));
  const register = () =>
    run(async () => {
      key.current ??= newKey();
      setValidated(await registerName(name.trim(), wallet.trim(), key.current));
      key.current = null;
    });
  const issue = () =>
    run(async () => {
      if (!validated) return;
      key.current ??= newKey();
      const product = start.products.find((candidate) => candidate.variantId === variantId);
      const twin = await issueTwin(
        { name_id: validated.uns_name_id, public_key: validated.public_key, variant_id: variantId, title: title || product?.title || "" },
        key.current,
      );
      key.current = null;
      onDone(t("action.issued", { title: twin.title }), `app:app/twins/${twin.id}`);
    });
  const edited = () => {
    key.current = null;
    setRefusal(null);
  };

  if (!validated)
    return (
      <s-stack gap="base">
        <s-heading>{t("action.step1")}</s-heading>
        <Field
          label={t("action.name")}
          name="name"
          value={name}
          error={refusal?.fields.name ?? (refusal && !refusal.fields.publicKey ? refusal.message : undefined)}
          onValue={(value) => (setName(value), edited())}
        />
        <s-button variant="primary" loading={busy} onClick={validate}>
          {t("action.validate")}
        </s-button>
        <Field
          label={t("action.wallet")}
          name="publicKey"
          value={wallet}
          error={refusal?.fields.publicKey}
          onValue={(value) => (setWallet(value), edited())}
        />
        <s-button loading={busy} onClick={register}>
          {t("action.register")}
        </s-button>
      </s-stack>
    );

  return (
    <s-stack gap="base">
      <s-heading>{t("action.step2")}</s-heading>
      <s-text>{t("action.registeredTo", { name: validated.uns_name, wallet: validated.public_key })}</s-text>
      {start.products.length === 0 ? (
        <s-text tone="critical">{t("action.noOrders")}</s-text>
      ) : (
        <s-select
          label={t("action.product")}
          name="variant_id"
          placeholder={t("action.chooseProduct")}
          value={variantId}
          error={refusal?.fields.variant_id}
          onChange={(event: Event) => {
            const picked = inputValue(event);
            setVariantId(picked);
            setTitle(start.products.find((product) => product.variantId === picked)?.title ?? "");
            edited();
          }}
        >
          {start.products.map((product) => (
            <s-option key={product.variantId} value={product.variantId}>
              {t("action.productOption", { title: product.title, order: product.orderName, quantity: product.quantity })}
            </s-option>
          ))}
        </s-select>
      )}
      <Field
        label={t("action.title")}
        name="title"
        value={title}
        error={refusal?.fields.title}
        onValue={(value) => (setTitle(value), edited())}
      />
      {refusal && !Object.keys(refusal.fields).length && <s-text tone="critical">{refusal.message}</s-text>}
      <s-stack direction="inline" gap="base">
        <s-button onClick={() => (setValidated(null), edited())}>{t("action.back")}</s-button>
        <s-button variant="primary" loading={busy} onClick={issue}>
          {t("action.issue")}
        </s-button>
      </s-stack>
    </s-stack>
  );
}
