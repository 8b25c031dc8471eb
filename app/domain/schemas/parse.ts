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
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(issuesToDetails(result.error.issues));
  return result.data;
}
