import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

// Every message in the app's own words, where a schema gives none of its own:
// "Required" rather than "expected string, received undefined", "Must be one of:
// …" naming the values rather than "Invalid option". One case per issue kind,
// so a kind zod adds fails the typecheck instead of showing zod's wording.
z.config({ customError: (issue) => messageFor(issue as Issue) });

function messageFor(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required";
      if (issue.expected === "int") return "Must be a whole number";
      return `Expected ${issue.expected}, received ${describe(issue.input)}`;
    case "too_big":
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case "too_small":
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case "invalid_format":
      return FORMATS[issue.format] ?? "Is not in the expected format";
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return issue.keys.length === 1 ? `Unknown field: ${issue.keys[0]}` : `Unknown fields: ${issue.keys.join(", ")}`;
    case "invalid_value":
      return oneOf(issue.values);
    case "invalid_union":
      return unionMessage(issue.errors);
    case "invalid_key":
      return "Has a key that is not allowed";
    case "invalid_element":
      return "Has an entry that is not allowed";
    case "custom":
      return "Is not valid";
    default:
      return unknownKind(issue);
  }
}

const unknownKind = (issue: never): string => `Is not valid (${(issue as { code?: string }).code ?? "unknown"})`;

const describe = (value: unknown): string => {
  if (value === null) return "null";
  if (Number.isNaN(value)) return "something that is not a number";
  if (Array.isArray(value)) return "array";
  return typeof value;
};

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

function tooBig(origin: string, maximum: number, inclusive: boolean): string {
  if (origin === "string") return `Must be at most ${plural(maximum, "character")}`;
  if (origin === "array" || origin === "set") return `Must have at most ${plural(maximum, "item")}`;
  return inclusive ? `Must be at most ${maximum}` : `Must be less than ${maximum}`;
}

function tooSmall(origin: string, minimum: number, inclusive: boolean): string {
  if (origin === "string") return minimum === 1 ? "Must not be empty" : `Must be at least ${plural(minimum, "character")}`;
  if (origin === "array" || origin === "set") return `Must have at least ${plural(minimum, "item")}`;
  return inclusive ? `Must be at least ${minimum}` : `Must be greater than ${minimum}`;
}

const FORMATS: Record<string, string> = {
  email: "Must be an e-mail address",
  url: "Must be a URL",
  uuid: "Must be a UUID",
  datetime: "Must be a date and time in ISO 8601 (e.g. 2026-11-25T14:30:00Z)",
  date: "Must be a date in ISO 8601 (e.g. 2026-11-25)",
  regex: "Is not in the expected format",
};

const oneOf = (values: readonly unknown[]) => `Must be one of: ${values.map((value) => JSON.stringify(value)).join(", ")}`;

/**
 * A value no option of a union takes. When every option is a list of allowed
 * values (an enum or a literal, as `eventTypes` has), name them all; else the
 * first option's own complaint.
 */
function unionMessage(options: readonly (readonly z.core.$ZodIssue[])[]): string {
  const values = options.map((issues) => (issues.length === 1 && issues[0]!.code === "invalid_value" ? issues[0]!.values : null));
  if (values.length > 0 && values.every((list) => list !== null)) return oneOf(values.flat());
  return "Does not match any of the allowed forms";
}
export { z };
