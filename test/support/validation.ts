import { expect } from "vitest";
import type { z } from "zod";
import { DomainError, type ErrorDetail } from "~/domain/errors";
import { parseInput } from "~/domain/schemas";

/** The details of the VALIDATION_FAILED error parseInput throws for `input`. */
export function rejection(schema: z.ZodType, input: unknown): ErrorDetail[] {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("VALIDATION_FAILED");
    return (error as DomainError).details;
  }
  return expect.fail(`expected ${JSON.stringify(input)?.slice(0, 200)} to be rejected`);
}

/** A detail at `path` whose message contains `message`. */
export const detail = (path: string, message: string) => ({ path, message: expect.stringContaining(message) });
