import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { uniqueShop } from "../support/api";
import { startServer, startWorker, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

const started: AppProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
});

/** What a process that refused to start printed, or a failure if it started. */
async function refusal(start: Promise<AppProcess>): Promise<string> {
  const outcome = await start.then(
    (process) => {
      started.push(process);
      return expect.fail("expected the process to refuse to start");
    },
    (error: Error) => error.message,
  );
  expect(outcome).toMatch(/exited \(1\) before it was ready/);
  return outcome;
}

describe("configuration at boot", () => {
  it("the server refuses to start on a bad value, naming the variable and what it must be", async () => {
    const message = await refusal(startServer({ ...TEST_ENV, APP_PROXY_PATH: "/shop/cards", NOTIFY_POLL_MS: "soon" }));
    expect(message).toContain("APP_PROXY_PATH must be /apps, /a, /community or /tools and a subpath");
    // The first section that fails stops the server: the notification settings are not reached.
    expect(message).not.toContain("NOTIFY_POLL_MS");
  });

  it("the worker checks only what it runs: no Shopify keys needed, but a bad notification setting stops it", async () => {
    const env = { SHOPIFY_API_KEY: "", SHOPIFY_API_SECRET: "", SCOPES: "", DATABASE_URL: process.env.DATABASE_URL! };
    const message = await refusal(startWorker({ ...env, NOTIFY_POLL_MS: "soon" }));
    expect(message).toContain("Claim notifications cannot start");
    expect(message).toContain("NOTIFY_POLL_MS must be a whole number");
    expect(message).not.toContain("SHOPIFY_API_KEY");
  });

  it("the worker needs the key that seals webhook secrets, and starts with it and no Shopify settings", async () => {
    const env = {
      SHOPIFY_API_KEY: "",
      SHOPIFY_API_SECRET: "",
      SHOPIFY_APP_URL: "",
      SCOPES: "",
      WEBHOOK_SECRETS_KEY: "",
      DATABASE_URL: process.env.DATABASE_URL!,
    };
    const message = await refusal(startWorker(env));
    expect(message).toContain("Webhooks cannot start");
    expect(message).toContain("WEBHOOK_SECRETS_KEY is required (or SHOPIFY_API_SECRET)");

    const worker = await startWorker({ ...env, WEBHOOK_SECRETS_KEY: TEST_ENV.WEBHOOK_SECRETS_KEY });
    started.push(worker);
    expect(worker.stderr()).not.toContain("SHOPIFY_API_KEY");
  });

  it("claim links point at the app proxy path the merchant mounted (APP_PROXY_PATH)", async () => {
    const server = await startServer({ ...TEST_ENV, APP_PROXY_PATH: "/a/cards" });
    started.push(server);
    const shop = uniqueShop();
    const { key } = await createApiKey({ shop, label: "boot" });
    const response = await fetch(`${server.url}/v1/unit-cards`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Gold", media: {}, email: "jane@example.com" }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { redemption: { code: string } } };
    const notification = await db.notification.findFirstOrThrow({ where: { shop } });
    expect((notification.payload as { claimUrl: string }).claimUrl).toBe(
      `https://${shop}/a/cards/redeem?code=${encodeURIComponent(data.redemption.code)}`,
    );
  });
});
