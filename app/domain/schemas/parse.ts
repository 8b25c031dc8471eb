import type { z } from "zod";
import { validationFailed, type ErrorDetail } from "../errors";

/** `cards[2].media.imageUrls[0]` from zod's `["cards", 2, "media", "imageUrls", 0]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => {
    if (typeof part === "number") return `${out}[${part}]`;
    return out ? `${out}.${String(part)}` : String(part);
  }, "");
}

/**
 * One detail per offending field: zod may report several issues for one path
 * (a string where a list belongs also fails the list's length check), and the
 * first is the one that explains it.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  const details = issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: "Unknown field" }));
    }
    return [{ path: formatPath(issue.path), message: issue.message }];
  });
  return details.filter((detail, index) => details.findIndex((other) => other.path === detail.path) === index);
}

/** Parses input with a schema, or throws VALIDATION_FAILED listing every offending field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const malformed = illFormedStrings(input);
  if (malformed.length) throw validationFailed(malformed);
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(issuesToDetails(result.error.issues));
  return result.data;
}

/**
 * JSON can carry an unpaired UTF-16 surrogate ("\ud800") that no database or
 * mail server will take, or a NUL character ("\u0000") that PostgreSQL's text
 * refuses; refuse both up front on every database, naming where they are.
 */
function illFormedStrings(value: unknown, path: PropertyKey[] = [], found: ErrorDetail[] = []): ErrorDetail[] {
  // One path, pushed and popped, and no array per node: a batch of 500 cards is some 20,000 values.
  if (typeof value === "string") {
    if (!value.isWellFormed()) found.push({ path: formatPath(path), message: "Contains an unpaired UTF-16 surrogate" });
    else if (value.includes("\u0000")) found.push({ path: formatPath(path), message: "Contains a NUL character (U+0000)" });
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      illFormedStrings(value[index], path, found);
      path.pop();
    }
  } else if (value && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (!key.isWellFormed()) {
        found.push({ path: formatPath(path), message: "A field name contains an unpaired UTF-16 surrogate" });
        continue;
      }
      path.push(key);
      illFormedStrings((value as Record<string, unknown>)[key], path, found);
      path.pop();
    }
  }
  return found;
}
