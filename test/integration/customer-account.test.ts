import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { adminToken } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { uniqueName, walletKey } from "../support/fixtures";
import { customerWithHoldings as holdingsFixture } from "../support/holdings";

// The routes the customer account UI extension (extensions/customer-account/) calls
// with its session token: who the customer is comes from the verified token only.

const owner = (customerId: string) => `shopify|${customerId}`;

interface Holdings {
  cards: Record<string, unknown>[];
  twins: Record<string, unknown>[];
  names: { name: string; publicKey: string }[];
}
interface ErrorBody {
  error: { code: string; message: string; details: { path: string; message: string }[] };
}

/** A card's fields with a PRIVATE metadata entry whose key and value no other test uses. */
function cardFields() {
  const secret = { key: `margin-${randomUUID().slice(0, 8)}`, value: `secret-${randomUUID().slice(0, 8)}` };
  return {
    secret,
    fields: {
      name: `Card ${randomUUID().slice(0, 6)}`,
      media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] },
      metadata: [
        { key: "edition", value: "First" },
        { key: secret.key, value: secret.value, visibility: "PRIVATE" as const },
      ],
    },
  };
}

const customerWithHoldings = () => holdingsFixture(cardFields(), "acct");

/** A card waiting in `shop` to be claimed, and its code. */
async function pendingCard(shop: string) {
  const card = await createCard(shop, { ...cardFields().fields, email: "jane@example.com" });
  return { card, code: card.redemption!.code! };
}

const cardRow = (id: string) => db.unitCard.findUniqueOrThrow({ where: { id } });
const namesOf = (customerId: string) => db.universalName.count({ where: { owner: owner(customerId) } });

const holdingsOf = async (shop: string, customerId: string): Promise<Holdings> => {
  const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Holdings }).data;
};

const expectCors = (response: Response) => {
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
};

describe("GET /customer-account/holdings", () => {
  it("lists the token's customer's cards, twins and universal names, public data only, readable cross-origin", async () => {
    const { shop, customerId, card, name, twin, secret } = await customerWithHoldings();

    const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });

    expect(response.status).toBe(200);
    expectCors(response);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const raw = await response.text();
    expect(raw).not.toContain(secret.key);
    expect(raw).not.toContain(secret.value);
    expect(raw).not.toContain(owner(customerId));
    const { data } = JSON.parse(raw) as { data: Holdings };
    expect(data.cards.map((item) => item.id)).toEqual([card.id]);
    expect(data.cards[0]!.metadata).toEqual([{ key: "edition", value: "First", metaType: "NO_TYPE" }]);
    expect(data.twins).toEqual([
      expect.objectContaining({ id: twin.id, title: "Limited sneaker", price: 19.99, currency: "USD", uns_name: name.uns_name }),
    ]);
    expect(data.names).toEqual([{ name: name.uns_name, publicKey: name.public_key }]);
  });

  it("accepts dest with its https:// scheme, as some Shopify tokens write it", async () => {
    const { shop, customerId, card } = await customerWithHoldings();

    const response = await accountFetch("/holdings", { token: accountToken(shop, customerId, { claims: { dest: `https://${shop}` } }) });

    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: Holdings }).data.cards.map((item) => item.id)).toEqual([card.id]);
  });

  it("shows a customer with nothing an empty list and no names", async () => {
    const shop = uniqueShop();
    expect(await holdingsOf(shop, uniqueCustomerId())).toEqual({
      // Codes sent to their verified e-mail, still to claim (issue 39, item 7).
      waiting: [],
      cards: [],
      // The gifts they gave that were claimed (issue 39, item 9).
      given: [],
      twins: [],
      names: [],
      wallet: null,
      // The shared server has no Apple Wallet signing material, nor a Google Wallet service account.
      appleWalletPasses: false,
      applePassesUrl: null,
      googleWalletPasses: false,
      googleWalletUrl: null,
      // Each item's actions are paths under the storefront's app proxy (issue 39, item 5).
      proxyUrl: `https://${shop}/apps/twincards`,
      walletPageUrl: `https://${shop}/apps/twincards/wallet`,
      certificatePageUrl: `https://${shop}/apps/twincards/certificate`,
      // The gift form's giver name until they edit it: Shopify knows no such shop here.
      firstName: null,
    });
  });

  it("never shows another customer's items, nor another shop's to the same customer id", async () => {
    const { shop, customerId } = await customerWithHoldings();

    const otherCustomer = await holdingsOf(shop, uniqueCustomerId());
    const otherShop = await holdingsOf(uniqueShop(), customerId);

    expect(otherCustomer.cards).toEqual([]);
    expect(otherCustomer.twins).toEqual([]);
    expect(otherShop.cards).toEqual([]);
    expect(otherShop.twins).toEqual([]);
  });
});

describe("customer account session token", () => {
  const badTokens: [string, (shop: string, customerId: string) => string | undefined][] = [
    ["no Authorization header", () => undefined],
    ["an expired token", (shop, customerId) => accountToken(shop, customerId, { expiredSecondsAgo: 60 })],
    ["a token for another app (aud)", (shop, customerId) => accountToken(shop, customerId, { claims: { aud: "another-app" } })],
    ["a token signed with another secret", (shop, customerId) => accountToken(shop, customerId, { apiSecret: "not-the-app-secret" })],
    [
      "a token whose customer was changed after signing",
      (shop, customerId) => {
        const [header, payload, signature] = accountToken(shop, customerId).split(".") as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
        const forged = Buffer.from(JSON.stringify({ ...claims, sub: `gid://shopify/Customer/${uniqueCustomerId()}` })).toString(
          "base64url",
        );
        return `${header}.${forged}.${signature}`;
      },
    ],
    ["a token whose dest is not a shop", (shop, customerId) => accountToken(shop, customerId, { claims: { dest: "evil.example.com" } })],
    ["a token with no customer (sub)", (shop) => accountToken(shop, null)],
    ["a merchant's admin session token", (shop) => adminToken(shop)],
    [
      "an unsigned token (alg none)",
      (shop, customerId) => {
        const [, payload] = accountToken(shop, customerId).split(".") as [string, string, string];
        return `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
      },
    ],
  ];

  it.each(badTokens)("refuses %s with a readable 401, showing and writing nothing", async (_, makeToken) => {
    const { shop, customerId } = await customerWithHoldings();
    const { card, code } = await pendingCard(shop);
    const token = makeToken(shop, customerId);
    const name = uniqueName("nope");

    const list = await accountFetch("/holdings", { token });
    const claim = await accountFetch("/claim", { token, body: { code, publicKey: walletKey() } });
    const register = await accountFetch("/names", { token, body: { name, publicKey: walletKey() } });

    for (const response of [list, claim, register]) {
      expect(response.status).toBe(401);
      expectCors(response);
      expect(((await response.json()) as ErrorBody).error.code).toBe("UNAUTHENTICATED");
    }
    expect(await cardRow(card.id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
    expect(await db.universalName.findFirst({ where: { name } })).toBeNull();
  });

  it("answers the CORS preflight without a token: 204 allowing the Authorization and Content-Type headers", async () => {
    const response = await accountFetch("/claim", {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type" },
    });

    expect(response.status).toBe(204);
    expectCors(response);
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  it("answers an unknown path under /customer-account with a JSON 404 and GET on the claim with 405", async () => {
    const { shop, customerId } = await customerWithHoldings();
    const token = accountToken(shop, customerId);

    const unknown = await accountFetch("/nothing-here", { token });
    const wrongMethod = await accountFetch("/claim", { token });

    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("NOT_FOUND");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
  });
});

describe("POST /customer-account/claim", () => {
  it("claims a code's cards for the token's customer into the wallet given", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await pendingCard(shop);
    const publicKey = walletKey();

    const response = await accountFetch("/claim", { token: accountToken(shop, customerId), body: { code, publicKey } });

    expect(response.status).toBe(200);
    expectCors(response);
    const { data } = (await response.json()) as { data: { cards: Record<string, unknown>[] } };
    expect(data.cards).toEqual([expect.objectContaining({ id: card.id, status: "OWNED" })]);
    expect(await cardRow(card.id)).toMatchObject({ status: "OWNED", owner: owner(customerId), publicKey });
    expect((await holdingsOf(shop, customerId)).cards.map((item) => item.id)).toEqual([card.id]);
  });

  it("uses the wallet of the customer's universal name when no key is given", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await pendingCard(shop);
    const name = await registerName(shop, { name: uniqueName("wallet"), publicKey: walletKey(), owner: owner(customerId) });

    const response = await accountFetch("/claim", {
      token: accountToken(shop, customerId),
      body: { code: code.toLowerCase(), publicKey: "" },
    });

    expect(response.status).toBe(200);
    expect(await cardRow(card.id)).toMatchObject({ status: "OWNED", owner: owner(customerId), publicKey: name.public_key });
  });

  it("takes the customer from the token only: an owner in the body is refused at that field", async () => {
    const shop = uniqueShop();
    const { card, code } = await pendingCard(shop);

    const response = await accountFetch("/claim", {
      token: accountToken(shop, uniqueCustomerId()),
      body: { code, publicKey: walletKey(), owner: "shopify|1" },
    });

    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.details.map((detail) => detail.path)).toEqual(["owner"]);
    expect(await cardRow(card.id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("answers a wrong code 404, a used one 409 and an expired one 410, writing nothing", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const token = accountToken(shop, customerId);
    const used = await pendingCard(shop);
    const first = uniqueCustomerId();
    expect(
      (await accountFetch("/claim", { token: accountToken(shop, first), body: { code: used.code, publicKey: walletKey() } })).status,
    ).toBe(200);
    const expired = await pendingCard(shop);
    const { redemptionId } = await cardRow(expired.card.id);
    await db.redemption.update({ where: { id: redemptionId! }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const wrong = await accountFetch("/claim", { token, body: { code: "ZZZZ-ZZZZ-ZZZZ", publicKey: walletKey() } });
    const again = await accountFetch("/claim", { token, body: { code: used.code, publicKey: walletKey() } });
    const late = await accountFetch("/claim", { token, body: { code: expired.code, publicKey: walletKey() } });

    expect([wrong.status, again.status, late.status]).toEqual([404, 409, 410]);
    expect([
      ((await wrong.json()) as ErrorBody).error.code,
      ((await again.json()) as ErrorBody).error.code,
      ((await late.json()) as ErrorBody).error.code,
    ]).toEqual(["NOT_FOUND", "CONFLICT", "EXPIRED"]);
    expect(await cardRow(used.card.id)).toMatchObject({ owner: owner(first) });
    expect(await cardRow(expired.card.id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("treats another shop's code as a wrong code: a token for one shop claims nothing in another", async () => {
    const shop = uniqueShop();
    const { card, code } = await pendingCard(shop);

    const response = await accountFetch("/claim", {
      token: accountToken(uniqueShop(), uniqueCustomerId()),
      body: { code, publicKey: walletKey() },
    });

    expect(response.status).toBe(404);
    expect(await cardRow(card.id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("names the field at fault: a malformed key, a missing code", async () => {
    const shop = uniqueShop();
    const token = accountToken(shop, uniqueCustomerId());
    const { card, code } = await pendingCard(shop);

    const badKey = await accountFetch("/claim", { token, body: { code, publicKey: "not-a-key" } });
    const noCode = await accountFetch("/claim", { token, body: { code: "", publicKey: walletKey() } });

    for (const [response, field] of [
      [badKey, "publicKey"],
      [noCode, "code"],
    ] as const) {
      expect(response.status).toBe(422);
      expectCors(response);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((detail) => detail.path)).toEqual([field]);
    }
    expect(await cardRow(card.id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("claims with the code alone for a customer with no wallet and no name: held by the shop, in their holdings", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const token = accountToken(shop, customerId);
    const { card, code } = await pendingCard(shop);

    const response = await accountFetch("/claim", { token, body: { code } });

    expect(response.status).toBe(200);
    expectCors(response);
    const { data } = (await response.json()) as { data: { cards: { id: string; custody: string; chain: unknown }[] } };
    expect(data.cards).toEqual([expect.objectContaining({ id: card.id, custody: "HELD", chain: null })]);
    expect(await cardRow(card.id)).toMatchObject({ status: "OWNED", owner: `shopify|${customerId}`, publicKey: null });
    const holdings = await accountFetch("/holdings", { token });
    expect(((await holdings.json()) as { data: { cards: { id: string; custody: string }[] } }).data.cards).toEqual([
      expect.objectContaining({ id: card.id, custody: "HELD" }),
    ]);
  });

  it("takes JSON only: 400 to bad JSON or another Content-Type", async () => {
    const shop = uniqueShop();
    const token = accountToken(shop, uniqueCustomerId());
    const { card, code } = await pendingCard(shop);

    const badJson = await accountFetch("/claim", { token, body: "{not json" });
    const form = await accountFetch("/claim", {
      token,
      body: `code=${code}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

    expect([badJson.status, form.status]).toEqual([400, 400]);
    expect(((await badJson.json()) as ErrorBody).error.code).toBe("INVALID_JSON");
    expect(await cardRow(card.id)).toMatchObject({ status: "PENDING_REDEMPTION" });
  });
});

describe("POST /customer-account/names", () => {
  it("registers a universal name for the token's customer, which later claims use", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const name = uniqueName("mine");
    const publicKey = walletKey();

    const response = await accountFetch("/names", { token: accountToken(shop, customerId), body: { name, publicKey } });

    expect(response.status).toBe(201);
    expectCors(response);
    expect(await db.universalName.findFirst({ where: { name } })).toMatchObject({ owner: owner(customerId), publicKey });
    expect((await holdingsOf(shop, customerId)).names).toEqual([{ name, publicKey }]);
  });

  it("answers a taken name 409 at the name field and a malformed one 422 at its field, registering nothing", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const token = accountToken(shop, customerId);
    const taken = await registerName(shop, { name: uniqueName("taken"), publicKey: walletKey(), owner: owner(uniqueCustomerId()) });

    const conflict = await accountFetch("/names", { token, body: { name: taken.uns_name, publicKey: walletKey() } });
    const malformed = await accountFetch("/names", { token, body: { name: "No Spaces!", publicKey: "nope" } });

    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as ErrorBody).error.details.map((detail) => detail.path)).toEqual(["name"]);
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as ErrorBody).error.details.map((detail) => detail.path).sort()).toEqual(["name", "publicKey"]);
    expect(await namesOf(customerId)).toBe(0);
    expect(await db.universalName.findFirstOrThrow({ where: { name: taken.uns_name } })).toMatchObject({ publicKey: taken.public_key });
  });
});
