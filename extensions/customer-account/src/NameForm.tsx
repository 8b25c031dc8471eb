import { useState } from "preact/hooks";
import { asApiError, registerUniversalName } from "./backend";
import { formProblem, PUBLIC_KEY, UNIVERSAL_NAME, type Problems } from "./fields";
import { HintedField } from "./HintedField";
import { t } from "./i18n";

function nameProblems(error: ReturnType<typeof asApiError>): Problems {
  if (error.status === 409) return { name: "name.errors.name_taken" };
  if ((error.status === 422 || error.status === 400) && error.fields.length) {
    const problems: Problems = {};
    for (const field of error.fields) {
      if (field === "name") problems.name = "name.errors.name_invalid";
      else if (field === "publicKey") problems.publicKey = "name.errors.key_refused";
      else problems[""] = "errors.generic";
    }
    return problems;
  }
  return formProblem(error);
}

/** Registering a universal name, offered to a customer who has none: later claims need no key. */
export function NameForm({ onRegistered }: { onRegistered: (name: string) => void }) {
  const [name, setName] = useState("");
  const [key, setKey] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    const normalised = name.trim().toLowerCase();
    const trimmedKey = key.trim();
    const local: Problems = {};
    if (!normalised) local.name = "name.errors.name_required";
    else if (!UNIVERSAL_NAME.test(normalised)) local.name = "name.errors.name_invalid";
    if (!trimmedKey) local.publicKey = "name.errors.key_required";
    else if (!PUBLIC_KEY.test(trimmedKey)) local.publicKey = "claim.errors.key_invalid";
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await registerUniversalName(normalised, trimmedKey);
      onRegistered(normalised);
    } catch (error) {
      setProblems(nameProblems(asApiError(error)));
    } finally {
      setBusy(false);
    }
  };

  const formError = problems[""];
  return (
    <s-section heading={t("name.heading")}>
      <s-form onSubmit={() => void submit()}>
        <s-stack direction="block" gap="base">
          <s-paragraph>{t("name.intro")}</s-paragraph>
          {formError ? <s-banner tone="critical" heading={t(formError)} /> : null}
          <HintedField name="name" label={t("name.name_label")} hint={t("name.name_hint")} value={name} onValue={setName} problems={problems} onProblems={setProblems} />
          <HintedField name="publicKey" label={t("name.key_label")} hint={t("name.key_hint")} value={key} onValue={setKey} problems={problems} onProblems={setProblems} />
          <s-button type="submit" loading={busy}>
            {t("name.button")}
          </s-button>
        </s-stack>
      </s-form>
    </s-section>
  );
}
