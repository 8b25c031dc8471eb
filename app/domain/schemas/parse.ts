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
  const malformed = illFormedStrings(input, []);
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
function illFormedStrings(value: unknown, path: PropertyKey[]): ErrorDetail[] {
  if (typeof value === "string") {
    if (!value.isWellFormed()) return [{ path: formatPath(path), message: "Contains an unpaired UTF-16 surrogate" }];
    return value.includes("\u0000") ? [{ path: formatPath(path), message: "Contains a NUL character (U+0000)" }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => illFormedStrings(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      key.isWellFormed()
        ? illFormedStrings(item, [...path, key])
        : [{ path: formatPath(path), message: "A field name contains an unpaired UTF-16 surrogate" }],
    );
  }
  return [];
}
