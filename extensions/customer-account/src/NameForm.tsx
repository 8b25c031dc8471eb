import { useState } from "preact/hooks";
import { asApiError, registerUniversalName } from "./backend";
import { formProblem, inputValue, PUBLIC_KEY, UNIVERSAL_NAME, type Problems } from "./fields";
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
          <s-text-field
            label={t("name.name_label")}
            name="name"
            value={name}
            error={problems.name ? t(problems.name) : undefined}
            onInput={(event: Event) => {
              setName(inputValue(event));
              if (problems.name) setProblems({ ...problems, name: undefined });
            }}
          />
          <s-text color="subdued">{t("name.name_hint")}</s-text>
          <s-text-field
            label={t("name.key_label")}
            name="publicKey"
            value={key}
            error={problems.publicKey ? t(problems.publicKey) : undefined}
            onInput={(event: Event) => {
              setKey(inputValue(event));
              if (problems.publicKey) setProblems({ ...problems, publicKey: undefined });
            }}
          />
          <s-text color="subdued">{t("name.key_hint")}</s-text>
          <s-button type="submit" loading={busy}>
            {t("name.button")}
          </s-button>
        </s-stack>
      </s-form>
    </s-section>
  );
}
