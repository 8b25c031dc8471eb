import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readWalkthrough } from "../../scripts/walkthrough";
import { db } from "~/db/client.server";
import { baseUrl } from "../support/api";

const run = promisify(execFile);

describe("the API guide's curl walkthrough (docs/api.md)", () => {
  it("runs exactly as printed against the built server with a test key, ending with the card owned and nothing sent", async () => {
    const { stdout } = await run("bash", ["-euo", "pipefail", "-c", readWalkthrough()], {
      env: { ...process.env, API: `${baseUrl}/v1` },
    });
    const responses = stdout
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(responses.map((response) => Object.keys(response)[0])).toEqual(["data", "data", "data", "data", "data"]);
    const [registered, validated, twin, card, redeemed] = responses.map((response) => response.data);
    expect(validated).toEqual({ available: true, payload: registered });
    expect(twin).toMatchObject({ title: "Trail jacket", name_id: registered.uns_name_id, price: 189.9, currency: "EUR" });
    expect(card).toMatchObject({ status: "PENDING_REDEMPTION", redemption: { email: "j***@example.com" } });
    expect(redeemed).toEqual([
      expect.objectContaining({
        id: card.id,
        status: "OWNED",
        owner: "shopify|1001",
        publicKey: "3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe",
      }),
    ]);
    // Test mode: every object says so, the claim e-mail was written but never sent, nothing was minted.
    expect([registered, twin, card, ...redeemed].map((object) => object.livemode)).toEqual([false, false, false, false]);
    expect(twin.chain).toBeNull();
    const [message] = await db.notification.findMany({ where: { redemption: { cards: { some: { id: card.id } } } } });
    expect(message).toMatchObject({ channel: "EMAIL", status: "TEST", sentAt: null });
  });
});
