import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { signatureHeader, WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { createWebhookEndpoint } from "~/domain/webhook-endpoints.server";
import { uniqueShop } from "../support/api";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { startScript, type AppProcess } from "../support/processes";

/** The receiver example of docs/webhooks.md (moved there from README.md), exactly as written there. */
function readmeReceiver(): string {
  const readme = readFileSync("docs/webhooks.md", "utf8");
  const block = /<!-- webhook-receiver:start -->\n```js\n([\s\S]*?)```\n<!-- webhook-receiver:end -->/.exec(readme);
  if (!block) throw new Error("docs/webhooks.md has no webhook receiver example between its markers");
  return block[1]!;
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the webhook receiver example of docs/webhooks.md", () => {
  it("is at most 20 lines, accepts a delivery the deliverer signed and refuses a forged one", async () => {
    const source = readmeReceiver();
    expect(source.trim().split("\n").length).toBeLessThanOrEqual(20);
    const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-receiver-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, "receiver.mjs"), source);

    const shop = uniqueShop();
    // The endpoint is registered first: its secret is what the receiver is configured with.
    const placeholder = await createWebhookEndpoint(shop, { url: "http://127.0.0.1:9/", eventTypes: ["unit_card.created"] });
    const receiver: AppProcess = await startScript(
      path.join(dir, "receiver.mjs"),
      { TWIN_CARDS_WEBHOOK_SECRET: placeholder.secret!, PORT: "0" },
      /Listening on (\d+)/,
    );
    cleanups.push(() => receiver.stop());
    const url = `http://127.0.0.1:${receiver.url}/webhooks`;
    await db.webhookEndpoint.update({ where: { id: placeholder.id }, data: { url } });

    await createCard(shop, { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });
    await new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog }).drainOnce();
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { shop } })).toMatchObject({ status: "SUCCEEDED", responseStatus: 200 });

    const body = JSON.stringify({ id: "evt_forged", type: "unit_card.redeemed" });
    const now = Math.floor(Date.now() / 1000);
    const forged = await fetch(url, {
      method: "POST",
      body,
      headers: { "Twin-Cards-Signature": signatureHeader("whsec_not-the-secret", body, now) },
    });
    expect(forged.status).toBe(400);
    const stale = await fetch(url, {
      method: "POST",
      body,
      headers: { "Twin-Cards-Signature": signatureHeader(placeholder.secret!, body, now - 3600) },
    });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(url, { method: "POST", body });
    expect(unsigned.status).toBe(400);
  });
});
