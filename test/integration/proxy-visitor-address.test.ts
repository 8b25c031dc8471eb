import { request } from "node:http";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { shopClient, uniqueClientAddress, USER_AGENT } from "../support/api";
import { signedProxyUrl } from "../support/app-proxy";
import { walletKey } from "../support/fixtures";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// A server as most merchants run it: no TRUST_PROXY, so every storefront request
// arrives from Shopify's own addresses. Shopify forwards the visitor in
// X-Forwarded-For; only a request Shopify signed may be keyed on it.
let server: AppProcess;
beforeAll(async () => {
  server = await startServer({ ...TEST_ENV, TRUST_PROXY: "" });
});
afterAll(() => server?.stop());

/** Each test's requests come from a loopback address of their own, as Shopify's many edge addresses would. */
const uniqueLoopback = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  body: string;
}

/** Raw HTTP from `from` (fetch cannot pick its source address). */
function send(url: string, from: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: init.method ?? "GET", localAddress: from, headers: { "User-Agent": USER_AGENT, ...init.headers } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

async function verifyUrlOfNewCard() {
  const { shop } = await shopClient();
  const card = await createCard(shop, {
    name: "Gold membership",
    owner: "shopify|1",
    publicKey: walletKey(),
    media: { imageUrls: [], videoUrls: [] },
  });
  return signedProxyUrl(`/proxy/v/${card.verifyUrl.split("/").at(-1)}`, { shop, baseUrl: server.url });
}

describe("the visitor's address behind Shopify's app proxy, without TRUST_PROXY", () => {
  it("gives each storefront visitor their own verify-page limit, from the address Shopify forwards", async () => {
    const page = await verifyUrlOfNewCard();
    const shopify = uniqueLoopback();
    const busy = uniqueClientAddress();
    // Each request also carries an address the visitor wrote in front of the one Shopify appends: ignored.
    const openAsBusy = async () =>
      (await send(page, shopify, { headers: { "X-Forwarded-For": `${uniqueClientAddress()}, ${busy}` } })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await openAsBusy());
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The bucket refills one lookup a second, so a slow run may see a few more 200s first.
    let limited = false;
    for (let i = 0; i < 20 && !limited; i++) limited = (await openAsBusy()) === 429;
    expect(limited).toBe(true);

    // Another shopper through the same Shopify address still sees the page.
    expect((await send(page, shopify, { headers: { "X-Forwarded-For": uniqueClientAddress() } })).status).toBe(200);
  });

  it("believes no X-Forwarded-For on a request Shopify did not sign: /v1 redeem attempts count against the caller's own address", async () => {
    const { key } = await shopClient();
    const caller = uniqueLoopback();
    const attempt = (forwardedFor: string) =>
      send(`${server.url}/v1/unit-cards/_actions/redeem`, caller, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
        // A different wrong code each time, so only the per-address limit can be reached.
        body: JSON.stringify({ code: `${randomInt(1e3, 1e4)}-WRONG-${randomInt(1e3, 1e4)}`, owner: "shopify|1" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(uniqueClientAddress())).status);

    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });

  it("refuses an unsigned storefront request whatever address it claims", async () => {
    const page = new URL(await verifyUrlOfNewCard());
    page.searchParams.delete("signature");
    const answer = await send(page.toString(), uniqueLoopback(), { headers: { "X-Forwarded-For": uniqueClientAddress() } });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("works only through the shop's app proxy");
  });
});
