import { describe, expect, it } from "vitest";
import { shopClient } from "../support/api";
import { cardInput } from "../support/fixtures";

describe("harness", () => {
  it("creates a card over HTTP against the built server", async () => {
    const { client } = await shopClient();
    const card = await client.createCard({ ...cardInput(), email: "jane@example.com" });
    expect(card.status).toBe("PENDING_REDEMPTION");
  });
});
