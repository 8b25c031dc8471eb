import { describe, expect, it } from "vitest";
import { isVerifyToken, newVerifyToken } from "~/domain/verify-token.server";

describe("newVerifyToken", () => {
  it("hands out 128-bit hex tokens that never repeat, across the pool's refills (a batch of 600 items)", () => {
    const tokens = Array.from({ length: 600 }, () => newVerifyToken());
    expect(tokens.every(isVerifyToken)).toBe(true);
    expect(new Set(tokens).size).toBe(600);
    // No token is a neighbour's bytes shifted: each one's 16 bytes are its own.
    const halves = tokens.flatMap((token) => [token.slice(0, 16), token.slice(16)]);
    expect(new Set(halves).size).toBe(1200);
  });
});
