import { inputValue, type Problems } from "./fields";
import { t } from "./i18n";

/**
 * A text field with its hint under it. Its problem (a translation key in
 * `problems`, under the field's `name`) shows as the field's error until the
 * customer types in it.
 */
export function HintedField(props: {
  name: string;
  label: string;
  hint: string;
  value: string;
  onValue: (value: string) => void;
  problems: Problems;
  onProblems: (problems: Problems) => void;
}) {
  const { name, label, hint, value, onValue, problems, onProblems } = props;
  const problem = problems[name];
  return (
    <>
      <s-text-field
        label={label}
        name={name}
        value={value}
        error={problem ? t(problem) : undefined}
        onInput={(event: Event) => {
          onValue(inputValue(event));
          if (problem) onProblems({ ...problems, [name]: undefined });
        }}
      />
      <s-text color="subdued">{hint}</s-text>
    </>
  );
}
