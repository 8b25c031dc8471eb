import { z } from "zod";

// Messages a person can act on: "Required" rather than "expected string, received undefined".
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
    if (issue.code === "invalid_type") return `Expected ${issue.expected}, received ${describe(issue.input)}`;
    return undefined;
  },
});

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Number.isNaN(value)) return "something that is not a number";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export { z };
