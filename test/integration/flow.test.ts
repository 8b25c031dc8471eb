import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { FlowTriggerSender } from "~/adapters/shopify/flow-trigger-sender.server";
import { db } from "~/db/client.server";
import { createCard, createCardFor } from "~/domain/cards.server";
import { voidCard } from "~/domain/card-void.server";
import { issueCardForFlow } from "~/domain/flow-actions.server";
import { registerName } from "~/domain/names.server";
import { createCardInput, parseInput } from "~/domain/schemas";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { API_SECRET, baseUrl, getPage } from "../support/admin";
import { uniqueShop, USER_AGENT } from "../support/api";
import { postJson, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";
import { issuedOrder } from "../support/order-issues";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";

/*
 * Shopify Flow (issue 27 item 1, decision 0049). Actions: Flow POSTs a signed request to the
 * built server, which verifies it with the Shopify library, runs each action run once and
 * answers a message Flow shows. Triggers: the server queues them with its events; this test's
 * own sender (FLOW_WORKER=off on the shared servers) sends them to the Admin API stub's
 * flowTriggerReceive, which checks them against extensions/flow-* and records them.
 */

const stubUrl = inject("adminApiStubUrl");
const customer = DEMO_CUSTOMERS[2]!;
/** A demo customer no test registers a universal name for. */
const walletless = DEMO_CUSTOMERS[6]!;
const WORKER_DEADLINE = { timeout: 10_000, interval: 100 };

/** POSTs an action request as Flow sends it: the body signed with the app's secret (or `hmac`). */
async function flowAction(
  path: string,
  shop: string,
  properties: Record<string, unknown>,
  options: { runId?: string; hmac?: string } = {},
) {
  const body = JSON.stringify({
    shop_id: 1,
    shopify_domain: shop,
    action_run_id: options.runId ?? randomUUID(),
    action_definition_id: path,
    handle: path,
    properties,
  });
  const response = await fetch(`${baseUrl}/flow/actions/${path}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "X-Shopify-Hmac-Sha256": options.hmac ?? getHmac(body, API_SECRET),
    },
  });
  return { status: response.status, body: (await response.json()) as { message: string; data?: { cardId: string; status: string } } };
}

/** A shop that installed the app: opening the admin once stores its offline token, as Flow's requests need. */
async function installedShop() {
  const shop = uniqueShop();
  expect((await getPage("/app", shop)).status).toBe(200);
  return shop;
}

const cardsOf = (shop: string) => db.unitCard.findMany({ where: { shop }, include: { redemption: true } });

describe("Flow actions", () => {
  it("refuses a forged signature with 401 and writes nothing", async () => {
    const shop = await installedShop();
    const forged = getHmac("another body", API_SECRET);
    const answer = await flowAction("issue-card", shop, { customer_id: Number(customer.id), card_name: "VIP" }, { hmac: forged });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe("This request is not signed by Shopify Flow for a shop that has the app installed");
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("issues a card to the customer as its owner, once per action run: a replay answers the same and adds nothing", async () => {
    const shop = await installedShop();
    const key = walletKey();
    await registerName(shop, { name: uniqueName("flow"), publicKey: key, owner: `shopify|${customer.id}` });
    const properties = {
      customer_id: Number(customer.id),
      card_name: "VIP pass",
      metadata: "tier: gold\nseason: 2026",
      by_redemption: false,
    };
    const runId = randomUUID();
    const first = await flowAction("issue-card", shop, properties, { runId });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/^Card card_\w+ issued$/);
    const replay = await flowAction("issue-card", shop, properties, { runId });
    expect(replay).toEqual(first);
    const cards = await cardsOf(shop);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: "VIP pass", owner: `shopify|${customer.id}`, publicKey: key, status: "OWNED" });
    expect(cards[0]!.metadata).toEqual([
      expect.objectContaining({ key: "tier", value: "gold" }),
      expect.objectContaining({ key: "season", value: "2026" }),
    ]);
  });

  it("issues by redemption: the card waits and a claim code goes to the customer's e-mail", async () => {
    const shop = await installedShop();
    const answer = await flowAction("issue-card", shop, {
      customer_id: String(customer.id),
      card_name: "Welcome card",
      image_url: "https://cdn.example.com/welcome.png",
      by_redemption: true,
    });
    expect(answer.status).toBe(200);
    const [card] = await cardsOf(shop);
    expect(card).toMatchObject({ id: answer.body.data!.cardId, status: "PENDING_REDEMPTION", owner: null });
    expect(card!.media).toEqual({ imageUrls: ["https://cdn.example.com/welcome.png"], videoUrls: [] });
    const messages = await db.notification.findMany({ where: { redemptionId: card!.redemptionId! }, orderBy: { channel: "asc" } });
    expect(messages.map((message) => [message.channel, message.destination])).toEqual([
      ["EMAIL", customer.email.toLowerCase()],
      ["SMS", customer.phone],
    ]);
  });

  it("sends the claim code to a phone as Shopify keeps it, a UK number of the drama range (+447700900456)", async () => {
    const shop = await installedShop();
    const british = DEMO_CUSTOMERS.find((candidate) => candidate.phone === "+447700900456")!;
    const answer = await flowAction("issue-card", shop, { customer_id: british.id, card_name: "Welcome card", by_redemption: true });
    expect(answer.status).toBe(200);
    const [card] = await cardsOf(shop);
    expect(card).toMatchObject({ id: answer.body.data!.cardId, status: "PENDING_REDEMPTION" });
    const messages = await db.notification.findMany({ where: { redemptionId: card!.redemptionId! }, orderBy: { channel: "asc" } });
    expect(messages.map((message) => [message.channel, message.destination])).toEqual([
      ["EMAIL", british.email.toLowerCase()],
      ["SMS", "+447700900456"],
    ]);
  });

  it("answers a signed body that is not JSON with 400 and a message, and writes nothing", async () => {
    const shop = await installedShop();
    for (const body of ['{"shopify_domain": "' + shop + '", "action_run_id": ', "null"]) {
      const response = await fetch(`${baseUrl}/flow/actions/issue-card`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "User-Agent": USER_AGENT, "X-Shopify-Hmac-Sha256": getHmac(body, API_SECRET) },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        "The request body must be a JSON object (shopify_domain, action_run_id, properties), as Shopify Flow sends it",
      );
    }
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("refuses to void an owned card with 409 naming the Card ID field, and leaves it owned", async () => {
    const shop = await installedShop();
    const owned = await createCard(shop, { ...cardInput("Owned pass"), owner: `shopify|${customer.id}`, publicKey: walletKey() });
    const refused = await flowAction("void-card", shop, { card_id: owned.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Card ID: card ${owned.id} is already owned by its customer; an owned card cannot be voided`);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: owned.id } })).toMatchObject({ status: "OWNED", voidedAt: null });
  });

  it("refuses a customer the shop does not have, naming the field, and writes nothing", async () => {
    const shop = await installedShop();
    const answer = await flowAction("issue-card", shop, { customer_id: 999_999_999_999, card_name: "VIP", by_redemption: true });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("Customer ID: this shop has no customer 999999999999");
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("refuses a template the card rules refuse, with a message naming the field, and writes nothing", async () => {
    const shop = await installedShop();
    const tooLong = await flowAction("issue-card", shop, {
      customer_id: Number(customer.id),
      card_name: "x".repeat(201),
      by_redemption: true,
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toMatch(/^Card name: /);
    const badImage = await flowAction("issue-card", shop, {
      customer_id: Number(customer.id),
      card_name: "VIP",
      image_url: "ftp://cdn.example.com/a.png",
      by_redemption: true,
    });
    expect(badImage.status).toBe(422);
    expect(badImage.body.message).toMatch(/^Image URL: /);
    const badMetadata = await flowAction("issue-card", shop, {
      customer_id: Number(customer.id),
      card_name: "VIP",
      metadata: "no colon here",
    });
    expect(badMetadata.status).toBe(422);
    expect(badMetadata.body.message).toBe('Metadata: Line 1 must be "key: value"');
    const noWallet = await flowAction("issue-card", shop, { customer_id: Number(walletless.id), card_name: "VIP", by_redemption: false });
    expect(noWallet.status).toBe(422);
    expect(noWallet.body.message).toMatch(/^Send a claim code: The customer has no universal name/);
    expect(await cardsOf(shop)).toEqual([]);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });

  it("voids the shop's pending card, and refuses another shop's card without touching it", async () => {
    const shop = await installedShop();
    const mine = await createCard(shop, { ...cardInput("Gate pass"), email: "alex@example.com" });
    const voided = await flowAction("void-card", shop, { card_id: mine.id, reason: "Event cancelled" });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ message: `Card ${mine.id} voided`, data: { cardId: mine.id, status: "VOID" } });
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({
      status: "VOID",
      voidReason: "Event cancelled",
    });

    const other = await createCard(uniqueShop(), { ...cardInput("Not yours"), email: "sam@example.com" });
    const refused = await flowAction("void-card", shop, { card_id: other.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`Card ID: this shop has no card ${other.id}`);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      status: "PENDING_REDEMPTION",
      voidedAt: null,
    });
  });
});

describe("Flow triggers", () => {
  let token: string;
  beforeAll(async () => {
    token = await stubAccessToken(stubUrl);
  });

  const senders: FlowTriggerSender[] = [];
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  /** Sends the shop's queued triggers to the stub, as the production sender does with the shop's offline token. */
  function startSender(shop: string) {
    const sender = new FlowTriggerSender({
      admin: async () => stubGraphql(stubUrl, shop, token),
      where: { shop },
      pollMs: 50,
      log: quietLog,
    });
    senders.push(sender);
    sender.start();
    return sender;
  }

  /** What the stub's Flow took for the shop: each trigger's handle and payload. */
  const received = async (shop: string) =>
    (
      (await (await fetch(`${stubUrl}/_stub/flow-triggers?shop=${shop}`)).json()) as {
        triggers: { handle: string; payload: Record<string, unknown> }[];
      }
    ).triggers
      .map(({ handle, payload }) => ({ handle, payload }))
      // Sent in any order, as Flow runs workflows in any order.
      .sort((a, b) => a.handle.localeCompare(b.handle));
  const settled = async (shop: string) => db.flowTrigger.count({ where: { shop, status: { in: ["PENDING", "SENDING"] } } });
  const claim = (shop: string, customerId: string, code: string) =>
    postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code });

  it("tells Flow once of a twin issued from an order, with the customer and the order", async () => {
    const shop = uniqueShop();
    const buyer = uniqueCustomerId();
    await registerName(shop, { name: uniqueName("buyer"), publicKey: walletKey(), owner: `shopify|${buyer}` });
    const order = await issuedOrder(shop, buyer);
    const card = await db.unitCard.findFirstOrThrow({ where: { shop } });
    startSender(shop);
    await expect.poll(() => settled(shop), WORKER_DEADLINE).toBe(0);
    const twin = await db.digitalTwin.findFirstOrThrow({ where: { shop } });
    expect(await received(shop)).toEqual([
      {
        handle: "twin-issued",
        payload: {
          customer_id: Number(buyer),
          order_id: Number(order.orderId),
          "Twin title": order.productTitle,
          "Twin ID": twin.id,
          "Universal name": expect.stringMatching(/^buyer-/),
          "Verify URL": expect.stringMatching(/^https:\/\/.+\/apps\/twincards\/v\/[0-9a-f]{32}$/),
        },
      },
    ]);
    expect(card.status).toBe("OWNED"); // issued to the buyer's universal name: owned at once, nothing to claim
  });

  it("tells Flow of each card of an order claimed by the buyer, with the order", async () => {
    const shop = uniqueShop();
    const buyer = uniqueCustomerId();
    const order = await issuedOrder(shop, buyer); // no universal name: the order's cards wait for their claim, under one code
    const cards = await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(cards).toHaveLength(2);
    const message = await db.notification.findFirstOrThrow({ where: { redemptionId: cards[0]!.redemptionId! } });
    expect((await claim(shop, buyer, (message.payload as { code: string }).code)).status).toBe(200);

    startSender(shop);
    await expect.poll(() => settled(shop), WORKER_DEADLINE).toBe(0);
    const triggers = await received(shop);
    expect(triggers).toHaveLength(2);
    for (const card of cards)
      expect(triggers).toContainEqual({
        handle: "card-claimed",
        payload: {
          customer_id: Number(buyer),
          order_id: Number(order.orderId),
          "Card name": card.name,
          "Card ID": card.id,
          "Serial number": String(card.serialNumber),
          "Verify URL": `https://${shop}/apps/twincards/v/${card.verifyToken}`,
        },
      });
  });

  it("tells Flow once of a card claimed with its code, and of a gift claimed by its recipient, giver named", async () => {
    const shop = uniqueShop();
    const giver = uniqueCustomerId();
    const friend = uniqueCustomerId();
    const created = await createCard(shop, { ...cardInput("Backstage pass"), email: "giver@example.com" });
    expect((await claim(shop, giver, created.redemption!.code!)).status).toBe(200);
    const gift = await postJson(signedProxyUrl(`/proxy/cards/${created.id}/give`, { shop, customerId: giver }), {
      email: "friend@example.com",
    });
    expect(gift.status).toBe(200);
    const transfer = await db.cardTransfer.findFirstOrThrow({ where: { cardId: created.id } });
    const message = await db.notification.findFirstOrThrow({ where: { redemptionId: transfer.redemptionId } });
    expect((await claim(shop, friend, (message.payload as { code: string }).code)).status).toBe(200);

    startSender(shop);
    await expect.poll(() => settled(shop), WORKER_DEADLINE).toBe(0);
    const common = { "Card name": "Backstage pass", "Card ID": created.id, "Serial number": "", "Verify URL": created.verifyUrl };
    expect(await received(shop)).toEqual([
      { handle: "card-claimed", payload: { customer_id: Number(giver), ...common } },
      { handle: "card-given", payload: { customer_id: Number(friend), ...common, "Giver customer ID": giver } },
    ]);
    // Started again, a sender finds nothing left to send: each trigger went once.
    startSender(shop);
    await expect.poll(() => db.flowTrigger.count({ where: { shop, status: "SENT" } }), WORKER_DEADLINE).toBe(2);
    expect(await received(shop)).toHaveLength(2);
  });

  it("tells Flow of a card voided with its order's customer, or the customer Flow sent its code to; test data and non-Shopify holders reach Flow not at all", async () => {
    const shop = uniqueShop();
    const buyer = uniqueCustomerId();
    const order = await issuedOrder(shop, buyer); // no universal name: the card waits for its claim
    const card = await db.unitCard.findFirstOrThrow({ where: { shop } });
    await voidCard(shop, card.id, "Order cancelled by the customer");
    // A test card voided (test data), and a live card made by hand, voided: no order, so no Shopify customer.
    const test = await createCardFor(shop, parseInput(createCardInput, { ...cardInput("Test card"), email: "t@example.com" }), false);
    await voidCard(shop, test.id, "Test", false);
    const other = await createCard(shop, { ...cardInput("Made by hand"), email: "e@example.com" });
    await voidCard(shop, other.id, "Not needed");
    // Issued by Flow's action to a known customer by claim code, then voided: no order, but Flow named the customer.
    const flowCustomer = uniqueCustomerId();
    const flowCard = await issueCardForFlow(
      shop,
      { customer_id: Number(flowCustomer), card_name: "VIP", by_redemption: true },
      async (id) => (id === flowCustomer ? { id, email: "vip@example.com", phone: null, firstName: "Vi", locale: null } : null),
    );
    await voidCard(shop, flowCard.id, "Offer withdrawn");

    startSender(shop);
    await expect.poll(() => settled(shop), WORKER_DEADLINE).toBe(0);
    // Sent in no set order.
    const sent = await received(shop);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        {
          handle: "card-voided",
          payload: {
            customer_id: Number(buyer),
            order_id: Number(order.orderId),
            "Card name": order.productTitle,
            "Card ID": card.id,
            "Serial number": expect.any(String),
            "Void reason": "Order cancelled by the customer",
          },
        },
        {
          handle: "card-voided",
          payload: {
            customer_id: Number(flowCustomer),
            "Card name": "VIP",
            "Card ID": flowCard.id,
            "Serial number": "",
            "Void reason": "Offer withdrawn",
          },
        },
      ]),
    );
    const rows = await db.flowTrigger.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.handle, row.status])).toEqual([
      ["card-voided", "SENT"],
      ["card-voided", "SKIPPED"],
      ["card-voided", "SENT"],
    ]);
    expect(rows[1]!.lastError).toBe("No Shopify customer to tell Flow of (the item's holder is not a Shopify customer)");
    // Kept as long as their events: a shop's redaction (or the 30 days' purge) takes them too.
    await db.event.deleteMany({ where: { shop } });
    expect(await db.flowTrigger.count({ where: { shop } })).toBe(0);
  });
});

// Last in this file: its server's sender takes every queued trigger of the database, the other tests' too.
/** The server's own workers load once it listens (decision 0058) and then poll each second: on a busy machine, seconds more. */
const SERVER_WORKER_DEADLINE = { timeout: 30_000, interval: 100 };

describe("the Flow trigger sender of a server (FLOW_WORKER=on)", { timeout: 90_000 }, () => {
  let server: AppProcess;
  beforeAll(async () => {
    server = await startServer({ ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: stubUrl, FLOW_WORKER: "on" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends a claim's trigger with the shop's offline token once the merchant opened the app, and skips a shop that never did", async () => {
    const installed = uniqueShop();
    expect((await getPage("/app", installed, { base: server.url })).status).toBe(200);
    const never = uniqueShop();
    const buyer = uniqueCustomerId();
    const cards = [];
    for (const shop of [installed, never]) {
      const card = await createCard(shop, { ...cardInput("Members' lounge"), email: "lounge@example.com" });
      const claimed = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: buyer, baseUrl: server.url }), {
        code: card.redemption!.code!,
      });
      expect(claimed.status).toBe(200);
      cards.push(card);
    }
    const statusOf = async (shop: string) => (await db.flowTrigger.findFirst({ where: { shop } }))?.status;
    await expect.poll(() => statusOf(installed), SERVER_WORKER_DEADLINE).toBe("SENT");
    await expect.poll(() => statusOf(never), SERVER_WORKER_DEADLINE).toBe("SKIPPED");
    const sent = (await (await fetch(`${stubUrl}/_stub/flow-triggers?shop=${installed}`)).json()) as { triggers: unknown[] };
    expect(sent.triggers).toEqual([
      expect.objectContaining({
        shop: installed,
        handle: "card-claimed",
        payload: expect.objectContaining({ customer_id: Number(buyer), "Card ID": cards[0]!.id }),
      }),
    ]);
    expect(await db.flowTrigger.findFirst({ where: { shop: never } })).toMatchObject({
      lastError: "The app is not installed on this shop (no access token)",
    });
  });
});
