import { ApiError } from "./backend";

/** The value of the field an `input` or `change` event came from. */
export const inputValue = (event: Event) => String((event.currentTarget as HTMLInputElement | null)?.value ?? "");

/** What a failed submit shows: a message for the form and one per field the app named. */
export interface Refusal {
  message: string;
  fields: Record<string, string>;
}

export const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiError ? { message: error.message, fields: error.fields } : { message: String(error), fields: {} };

/** A labelled text field that reports its value as typed and shows its error. */
export function Field(props: { label: string; value: string; onValue: (value: string) => void; error?: string; name: string }) {
  return (
    <s-text-field
      label={props.label}
      name={props.name}
      value={props.value}
      error={props.error}
      onInput={(event: Event) => props.onValue(inputValue(event))}
    />
  );
}
