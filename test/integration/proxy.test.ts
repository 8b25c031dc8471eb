import { randomInt, randomUUID } from "node:crypto";
import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { fieldValues, visibleText } from "../support/admin";
import { baseUrl, uniqueClientAddress, uniqueShop } from "../support/api";
import {
  PATH_PREFIX,
  postForm,
  postJson,
  proxyFetch,
  proxySignature,
  renderedPage,
  signedProxyUrl,
  uniqueCustomerId,
} from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { customerWithHoldings as holdingsFixture } from "../support/holdings";

const owner = (customerId: string) => `shopify|${customerId}`;
/** A date as a storefront in `language` writes it, e.g. "12 March 2026" / "12 mars 2026". */
const longDate = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
const now = () => Math.floor(Date.now() / 1000);

/** A card's fields with one public and one PRIVATE metadata entry, each with a name and value no other test uses. */
function cardFields(name = `Card ${randomUUID().slice(0, 6)}`) {
  const secret = { key: `margin-${randomUUID().slice(0, 8)}`, value: `secret-${randomUUID().slice(0, 8)}` };
  return {
    secret,
    fields: {
      name,
      media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: ["https://cdn.example.com/card.mp4"] },
      metadata: [
        { key: "edition", value: "First" },
        { key: "price", value: [49.5, "EUR"], metaType: "PRICE" },
        { key: secret.key, value: secret.value, visibility: "PRIVATE" as const },
      ],
    },
  };
}

const customerWithHoldings = () => holdingsFixture(cardFields(), "cust");

/** A card waiting to be claimed in `shop`, and its code. */
async function pendingCard(shop: string) {
  const { fields, secret } = cardFields();
  const card = await createCard(shop, { ...fields, email: "jane@example.com" });
  return { card, code: card.redemption!.code!, secret };
}

type Holdings = { data: { cards: Record<string, unknown>[]; twins: Record<string, unknown>[] } };

const getCards = async (shop: string, customerId: string | null) => proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }));

const expectLiquid = (response: Response) => {
  expect(response.headers.get("content-type")).toBe("application/liquid");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
};

describe("app proxy: signature", () => {
  it("answers a request Shopify signed", async () => {
    const response = await getCards(uniqueShop(), uniqueCustomerId());

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      data: { waiting: [], cards: [], given: [], twins: [], wallet: null, appleWalletPasses: false, googleWalletPasses: false },
    });
  });

  it("rejects a bad signature with 400: another secret, or a customer id changed after signing", async () => {
    const shop = uniqueShop();
    const otherSecret = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: "1", secret: "not-the-secret" }));
    const forged = new URL(signedProxyUrl("/proxy/cards", { shop, customerId: "1" }));
    forged.searchParams.set("logged_in_customer_id", "2");
    const tampered = await proxyFetch(forged.toString());

    expect(otherSecret.status).toBe(400);
    expect(tampered.status).toBe(400);
  });

  it("answers an unknown signed path with a JSON 404 to a script asking for JSON, not the admin's HTML page", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy/nothing-here", { shop: uniqueShop(), customerId: "1" }), {
      headers: { Accept: "application/json" },
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such storefront page", details: [] } });
  });

  it("answers a shopper following an unknown link with a 404 page in their language, linking to My cards (issue 39, item 8)", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy/nothing-here?lang=fr", { shop: uniqueShop(), customerId: "1" }), {
      headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });

    expect(response.status).toBe(404);
    const page = await renderedPage(response, "fr", { root: "/fr" });
    expect(visibleText(page)).toContain("Page introuvable Cette page n’existe pas, ou elle a été déplacée. Mes cartes");
    expect(page).toContain(`href="/fr${PATH_PREFIX}?lang=fr"`);
    expect(visibleText(page)).not.toMatch(/No such|not found/i);
  });

  it("rejects an unsigned request with 400", async () => {
    const params = new URLSearchParams({
      shop: uniqueShop(),
      logged_in_customer_id: "1",
      path_prefix: PATH_PREFIX,
      timestamp: String(now()),
    });

    for (const path of ["/proxy/cards", "/proxy", "/proxy/redeem"]) {
      expect((await proxyFetch(`${baseUrl}${path}?${params}`)).status, path).toBe(400);
    }
    expect((await postJson(`${baseUrl}/proxy/names?${params}`, { name: uniqueName(), publicKey: walletKey() })).status).toBe(400);
  });

  it("rejects a stale or future timestamp (±90 s), and a signed request without one", async () => {
    const shop = uniqueShop();
    const stale = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: "1", timestamp: now() - 600 }));
    const future = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: "1", timestamp: now() + 600 }));
    const withoutTimestamp = new URL(signedProxyUrl("/proxy/cards", { shop, customerId: "1" }));
    withoutTimestamp.searchParams.delete("timestamp");
    withoutTimestamp.searchParams.set("signature", proxySignature(withoutTimestamp.searchParams));
    const untimed = await proxyFetch(withoutTimestamp.toString());

    expect(stale.status).toBe(400);
    expect(future.status).toBe(400);
    expect(untimed.status).toBe(400);
  });
});

describe("GET /proxy/cards", () => {
  it("answers a logged-out visitor 401 with where to log in", async () => {
    const response = await getCards(uniqueShop(), null);

    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      error: { code: "UNAUTHENTICATED", message: "Log in to see your cards", details: [] },
      loginUrl: "/account/login?return_url=%2Fapps%2Ftwincards",
    });
  });

  it("shows a customer their cards and twins, public data only", async () => {
    const { shop, customerId, card, twin, secret } = await customerWithHoldings();

    const response = await getCards(shop, customerId);

    expect(response.status).toBe(200);
    const raw = await response.text();
    const { data } = JSON.parse(raw) as Holdings;
    expect(data.cards).toEqual([
      {
        id: card.id,
        name: card.name,
        // Created alone: in no edition.
        serialNumber: null,
        editionSize: null,
        media: card.media,
        metadata: [
          { key: "edition", value: "First", metaType: "NO_TYPE" },
          { key: "price", value: [49.5, "EUR"], metaType: "PRICE" },
        ],
        status: "OWNED",
        custody: "WALLET",
        createdAt: card.createdAt,
        redeemedAt: null,
        chain: null,
        // Gifting and its public history (decision 0043): an owned card with no NFT can be given.
        giftable: true,
        verifyUrl: card.verifyUrl,
        // What every My cards offers for it (issue 39, item 5), under the app proxy.
        actions: [
          { kind: "VERIFY", path: new URL(card.verifyUrl).pathname.slice(PATH_PREFIX.length) },
          { kind: "GIVE", path: `/cards/${card.id}/give` },
          { kind: "CERTIFICATE", path: `/certificate/${card.id}?size=a4` },
        ],
        // Not a gift to them (issue 39, item 9).
        giftFrom: null,
      },
    ]);
    expect(data.twins).toEqual([
      {
        id: twin.id,
        title: "Limited sneaker",
        serialNumber: null,
        editionSize: null,
        description: "Hand-made",
        brand: "Acme",
        creator: "",
        quantity: 2,
        price: 19.99,
        currency: "USD",
        categories: ["Shoes"],
        links: ["https://shop.example.com/sneaker"],
        images: ["https://cdn.example.com/sneaker.png"],
        uns_name: twin.uns_name,
        createdAt: twin.createdAt,
        chain: null,
        actions: [
          { kind: "VERIFY", path: new URL(twin.verifyUrl).pathname.slice(PATH_PREFIX.length) },
          { kind: "CERTIFICATE", path: `/certificate/${twin.id}?size=a4` },
        ],
      },
    ]);
    expect(raw).not.toContain(secret.key);
    expect(raw).not.toContain(secret.value);
    expect(raw).not.toContain("visibility");
  });

  it("shows nothing of another customer's cards and twins", async () => {
    const { shop, customerId } = await customerWithHoldings();
    const other = uniqueCustomerId();
    const mine = await createCard(shop, { ...cardFields().fields, owner: owner(other), publicKey: walletKey() });

    const theirs = (await (await getCards(shop, customerId)).json()) as Holdings;
    const own = (await (await getCards(shop, other)).json()) as Holdings;

    expect(theirs.data.cards.map((card) => card.id)).not.toContain(mine.id);
    expect(own.data.cards.map((card) => card.id)).toEqual([mine.id]);
    expect(own.data.twins).toEqual([]);
  });

  it("shows nothing of another shop, even for the same customer id", async () => {
    const { customerId } = await customerWithHoldings();

    const response = await getCards(uniqueShop(), customerId);

    expect(await response.json()).toEqual({
      data: { waiting: [], cards: [], given: [], twins: [], wallet: null, appleWalletPasses: false, googleWalletPasses: false },
    });
  });
});

describe("GET /proxy (Liquid page)", () => {
  it("renders the customer's cards and twins for the theme, with no script and no PRIVATE metadata", async () => {
    const { shop, customerId, card, twin, secret } = await customerWithHoldings();

    const response = await proxyFetch(signedProxyUrl("/proxy", { shop, customerId }));

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response, "en");
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toContain(secret.key);
    expect(body).not.toContain(secret.value);
    expect(body).toMatch(/<h1>My cards<\/h1>/);
    expect(body).toContain(`<img src="https://cdn.example.com/card.png" alt="${card.name}"`);
    // Metadata keys as labels, a PRICE entry as money in the visitor's language.
    expect(body).toMatch(/<dl><div><dt>Edition<\/dt><dd>First<\/dd><\/div><div><dt>Price<\/dt><dd>€49\.50<\/dd><\/div><\/dl>/);
    const text = visibleText(body);
    expect(text).toContain(card.name);
    expect(text).toContain(`Status: In your collection · Added on ${longDate("en", card.createdAt)}`);
    expect(text).toContain(twin.title);
    expect(text).toContain(twin.uns_name);
    expect(text).toContain("Price $19.99");
    expect(text).toContain(`Issued on ${longDate("en", twin.createdAt)}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(body).toContain(`<a href="${PATH_PREFIX}/redeem?lang=en">Claim a card</a>`);
  });

  it("speaks French on a French storefront: headings, labels, dates and money", async () => {
    const { shop, customerId, card, twin } = await customerWithHoldings();

    const response = await proxyFetch(signedProxyUrl("/proxy", { shop, customerId }));
    const body = await renderedPage(response, "fr");

    const text = visibleText(body);
    expect(body).toMatch(/<h1>Mes cartes<\/h1>/);
    expect(body).toContain('<section class="twincards" lang="fr">');
    // "price" is a key the app writes itself: labelled in French (issue 39, item 8); its PRICE value is French money.
    expect(text).toMatch(/Prix 49,50\s€/);
    expect(text).toMatch(/Prix 19,99\s\$US/);
    expect(text).toContain(`Statut : Dans votre collection · Ajoutée le ${longDate("fr", card.createdAt)}`);
    expect(text).toContain(`Émis le ${longDate("fr", twin.createdAt)}`);
    expect(text).toContain("Nom universel");
    expect(text).toContain("Récupérer une carte");
    for (const english of ["My cards", "Status", "Claim a card", "Quantity", "Universal name", "Added on"])
      expect(text).not.toContain(english);
  });

  it("falls back to English for a storefront language it does not speak, and keeps French for a regional French", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();

    const german = visibleText(await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "de"));
    const canadian = visibleText(await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "fr-CA"));

    expect(german).toContain("You don't have any cards yet.");
    expect(canadian).toContain("Vous n’avez pas encore de carte.");
  });

  it("has an empty state for a customer with nothing", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy", { shop: uniqueShop(), customerId: uniqueCustomerId() }));

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response);
    expect(visibleText(body)).toContain("You don't have any cards yet.");
    expect(body).toContain(`<a href="${PATH_PREFIX}/redeem?lang=en">Claim a card</a>`);
  });

  it("offers a logged-out visitor a log-in link back to the page", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy", { shop: uniqueShop() }));

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response);
    expect(body).toContain('<a href="/account/login?return_url=%2Fapps%2Ftwincards%3Flang%3Den">Log in</a>');
    expect(body).not.toMatch(/<script/i);
  });

  it("escapes every value for HTML and Liquid: the theme renders card data as text", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const name = `Gold {{ shop.name }} {% if true %}yes{% endif %} <script>alert(1)</script> "q" 'a' & co`;
    await createCard(shop, {
      name,
      media: { imageUrls: ['https://cdn.example.com/x.png?a="><script>1</script>{{x}}'], videoUrls: [] },
      metadata: [{ key: "{% raw %}", value: { nested: "{{ customer.email }}" } }],
      owner: owner(customerId),
      publicKey: walletKey(),
    });

    const body = await (await proxyFetch(signedProxyUrl("/proxy", { shop, customerId }))).text();

    expect(body).not.toMatch(/<script/i);
    // The only Liquid in the page is the app's own: its choice of language, and the storefront's localized root in its links.
    expect(new Set(body.match(/\{\{[^}]*\}\}/g))).toEqual(new Set(["{{ twincards_root }}"]));
    for (const tag of body.match(/\{%[^}]*%\}/g)!) {
      expect(tag).toMatch(
        /^\{%- (assign twincards_\w+ = |if twincards_|if routes\.root_url |if request\.locale\.primary |elsif twincards_|else -|endif -|unless request\.locale\.primary -|endunless -)/,
      );
    }
    const rendered = await new Liquid().parseAndRender(body, { shop: { name: "LEAKED" }, customer: { email: "LEAKED" }, x: "LEAKED" });
    expect(rendered).not.toContain("LEAKED");
    const text = visibleText(rendered);
    expect(text).toContain(name);
    expect(text).toContain("{% raw %}");
    expect(text).toContain("Nested: {{ customer.email }}");
  });
});

describe("GET /proxy/redeem (Liquid page)", () => {
  it("shows the claim form with the code from the link: the code alone, labelled, and one button", async () => {
    const response = await proxyFetch(
      signedProxyUrl("/proxy/redeem?code=ABCD-EFGH-JKMN", { shop: uniqueShop(), customerId: uniqueCustomerId() }),
    );

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response);
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain(`<form method="post" action="${PATH_PREFIX}/redeem?lang=en">`);
    expect(fieldValues(body)).toEqual(["ABCD-EFGH-JKMN"]);
    const id = /<input id="([^"]+)" name="code"/.exec(body)?.[1];
    expect(id).toBeTruthy();
    expect(body).toContain(`<label for="${id}">`);
    expect(body.match(/<button/g)).toHaveLength(1);
    expect(body).toMatch(/<button type="submit">Claim card<\/button>/);
  });

  it("is in French on a French storefront", async () => {
    const response = await proxyFetch(
      signedProxyUrl("/proxy/redeem?code=ABCD-EFGH-JKMN", { shop: uniqueShop(), customerId: uniqueCustomerId() }),
    );

    const body = await renderedPage(response, "fr");

    expect(body).toMatch(/<h1>Récupérer une carte<\/h1>/);
    expect(body).toMatch(/<label for="twincards-code">Code<\/label>/);
    expect(body).toMatch(/<button type="submit">Récupérer la carte<\/button>/);
    expect(fieldValues(body)).toEqual(["ABCD-EFGH-JKMN"]);
  });

  it("offers a logged-out visitor a log-in link back to the form with the code", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy/redeem?code=ABCD-EFGH-JKMN", { shop: uniqueShop() }));

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response);
    expect(body).toContain(
      `<a href="/account/login?return_url=${encodeURIComponent("/apps/twincards/redeem?code=ABCD-EFGH-JKMN&lang=en")}">Log in</a>`,
    );
    expect(body).not.toContain("<form");
  });
});

describe("POST /proxy/redeem (JSON)", () => {
  it("claims the cards of a code for the customer with the key given", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code, secret } = await pendingCard(shop);
    const publicKey = walletKey();

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code, publicKey });

    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).not.toContain(secret.key);
    expect(raw).not.toContain(secret.value);
    const { data } = JSON.parse(raw) as { data: { cards: Record<string, unknown>[] } };
    expect(data.cards).toHaveLength(1);
    expect(data.cards[0]).toMatchObject({ id: card.id, name: card.name, status: "OWNED" });
    expect(data.cards[0]).toMatchObject({ custody: "WALLET" });
    expect(Object.keys(data.cards[0]!).sort()).toEqual([
      "actions",
      "chain",
      "createdAt",
      "custody",
      "editionSize",
      "giftFrom",
      "giftable",
      "id",
      "media",
      "metadata",
      "name",
      "redeemedAt",
      "serialNumber",
      "status",
      "verifyUrl",
    ]);
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(customerId),
      publicKey,
    });
  });

  it("uses the key of the customer's universal name when none is given", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await pendingCard(shop);
    const name = await registerName(shop, { name: uniqueName("claim"), publicKey: walletKey(), owner: owner(customerId) });

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: code.toLowerCase() });

    expect(response.status).toBe(200);
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(customerId),
      publicKey: name.public_key,
    });
  });

  it("claims with the code alone for a customer with no wallet and no name: the shop holds the cards for them", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await pendingCard(shop);

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code, publicKey: "" });

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { cards: Record<string, unknown>[] } };
    expect(data.cards).toEqual([expect.objectContaining({ id: card.id, status: "OWNED", custody: "HELD", chain: null })]);
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(customerId),
      publicKey: null,
    });
    expect(
      await db.redemption.findFirst({ where: { id: (await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).redemptionId! } }),
    ).toMatchObject({
      redeemedBy: owner(customerId),
      redeemedPublicKey: null,
    });
    // Listed with the customer's cards, held.
    const listed = await fetch(signedProxyUrl("/proxy/cards", { shop, customerId }));
    expect(((await listed.json()) as { data: { cards: { id: string; custody: string }[] } }).data.cards).toEqual([
      expect.objectContaining({ id: card.id, custody: "HELD" }),
    ]);
  });

  it("answers 409 to a second claim, and the cards keep their first owner", async () => {
    const shop = uniqueShop();
    const first = uniqueCustomerId();
    const { card, code } = await pendingCard(shop);
    const publicKey = walletKey();
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: first }), { code, publicKey })).status).toBe(200);

    const again = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      code,
      publicKey: walletKey(),
    });

    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("CONFLICT");
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({ owner: owner(first), publicKey });
  });

  it("answers 404 to a wrong code, and another shop's code is a wrong code", async () => {
    const shop = uniqueShop();
    const { code } = await pendingCard(shop);
    const customerId = uniqueCustomerId();

    const wrong = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: "ZZZZ-ZZZZ-ZZZZ", publicKey: walletKey() });
    const otherShop = await postJson(signedProxyUrl("/proxy/redeem", { shop: uniqueShop(), customerId }), { code, publicKey: walletKey() });

    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    expect(otherShop.status).toBe(404);
  });

  it("answers 410 to an expired code", async () => {
    const shop = uniqueShop();
    const { card, code } = await pendingCard(shop);
    const { redemptionId } = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    await db.redemption.update({ where: { id: redemptionId! }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      code,
      publicKey: walletKey(),
    });

    expect(response.status).toBe(410);
  });

  it("takes the owner only from the signed customer id: an owner in the body is refused", async () => {
    const shop = uniqueShop();
    const { card, code } = await pendingCard(shop);

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
      code,
      publicKey: walletKey(),
      owner: "shopify|1",
    });

    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { details: { path: string }[] } };
    expect(error.details.map((detail) => detail.path)).toEqual(["owner"]);
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({ status: "PENDING_REDEMPTION" });
  });

  it("answers 401 with where to log in when logged out, 400 to bad JSON, 422 naming a bad key", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();

    const loggedOut = await postJson(signedProxyUrl("/proxy/redeem", { shop }), { code: "ABCD-EFGH-JKMN" });
    const badJson = await proxyFetch(signedProxyUrl("/proxy/redeem", { shop, customerId }), {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    const badKey = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: "ABCD-EFGH-JKMN", publicKey: "nope" });

    expect(loggedOut.status).toBe(401);
    expect(await loggedOut.json()).toMatchObject({
      error: { code: "UNAUTHENTICATED" },
      loginUrl: "/account/login?return_url=%2Fapps%2Ftwincards%2Fredeem",
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { code: string } }).error.code).toBe("INVALID_JSON");
    expect(badKey.status).toBe(422);
    expect(((await badKey.json()) as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toEqual(["publicKey"]);
  });

  it("limits attempts per client address like /v1: 429 with Retry-After", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const address = uniqueClientAddress();
    const attempt = () =>
      postJson(
        signedProxyUrl("/proxy/redeem", { shop, customerId }),
        { code: `${randomInt(1000, 9999)}-AAAA-AAAA`, publicKey: walletKey() },
        address,
      );

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt()).status);
    const limited = await attempt();

    expect(statuses).toEqual(Array(10).fill(404));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy/redeem", { shop: uniqueShop(), customerId: uniqueCustomerId() }), {
      method: "POST",
      body: JSON.stringify({ code: "x".repeat(1024 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });

    expect(response.status).toBe(413);
  });
});

describe("POST /proxy/redeem with no key: a wrong, used or expired code is still refused at the code", () => {
  const codeError = async (response: Response) =>
    ((await response.json()) as { error: { code: string; details: { path: string }[] } }).error;

  it("reports a wrong code as wrong (404), not as a missing key, when the customer gave no key and has no name", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();

    const response = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: "ZZZZ-ZZZZ-ZZZZ" });

    expect(response.status).toBe(404);
    expect(await codeError(response)).toMatchObject({ code: "NOT_FOUND", details: [] });
  });

  it("reports a used code (409) and an expired code (410) to a customer who gave no key", async () => {
    const shop = uniqueShop();
    const used = await pendingCard(shop);
    expect(
      (
        await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), {
          code: used.code,
          publicKey: walletKey(),
        })
      ).status,
    ).toBe(200);
    const expired = await pendingCard(shop);
    const { redemptionId } = await db.unitCard.findUniqueOrThrow({ where: { id: expired.card.id } });
    await db.redemption.update({ where: { id: redemptionId! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const customerId = uniqueCustomerId();

    const again = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: used.code, publicKey: "" });
    const late = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: expired.code });

    expect(again.status).toBe(409);
    expect((await codeError(again)).code).toBe("CONFLICT");
    expect(late.status).toBe(410);
    expect((await codeError(late)).code).toBe("EXPIRED");
    expect(await db.unitCard.findUnique({ where: { id: expired.card.id } })).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("counts a keyless check as an attempt: the 11th guess in a minute from one address is 429", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const address = uniqueClientAddress();
    const guess = () =>
      postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: `${randomInt(1000, 9999)}-BBBB-BBBB` }, address);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess()).status);
    const limited = await guess();

    expect(statuses).toEqual(Array(10).fill(404));
    expect(limited.status).toBe(429);
    expect((await codeError(limited)).code).toBe("RATE_LIMITED");
  });

  it("shows a wrong code at the code field of the no-JavaScript form, not a request for a key", async () => {
    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop: uniqueShop(), customerId: uniqueCustomerId() }), {
      code: "ZZZZ-ZZZZ-ZZZX",
      publicKey: "",
    });

    expect(response.status).toBe(404);
    const body = await renderedPage(response);
    expect(body).toMatch(/<input id="twincards-code"[^>]*aria-invalid="true"/);
    expect(body).not.toMatch(/<input id="twincards-public-key"[^>]*aria-invalid="true"/);
    expect(visibleText(body)).toContain("We don't recognise this code.");
  });
});

describe("POST /proxy/redeem (HTML form, no JavaScript)", () => {
  it("claims the card and answers a Liquid page with the claimed card, no PRIVATE metadata", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code, secret } = await pendingCard(shop);
    const publicKey = walletKey();

    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code, publicKey });

    expect(response.status).toBe(200);
    expectLiquid(response);
    const body = await renderedPage(response);
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toContain(secret.key);
    expect(body).not.toContain(secret.value);
    expect(visibleText(body)).toContain("You claimed a card");
    expect(visibleText(body)).toContain(card.name);
    expect(await db.unitCard.findUnique({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(customerId),
      publicKey,
    });
  });

  it("shows the message and the form again, keeping the input, with the error's status; with no key it claims the card held", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const publicKey = walletKey();
    const { code } = await pendingCard(shop);

    const wrong = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: "ZZZZ-ZZZZ-ZZZZ", publicKey });
    const noKey = await postForm(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code, publicKey: "" });

    expect(wrong.status).toBe(404);
    expectLiquid(wrong);
    const wrongBody = await renderedPage(wrong);
    expect(wrongBody).toMatch(/<input id="twincards-code"[^>]*aria-invalid="true"/);
    expect(visibleText(wrongBody)).toContain("We don't recognise this code. Check it against your message and try again.");
    expect(fieldValues(wrongBody)).toEqual(["ZZZZ-ZZZZ-ZZZZ"]);
    // No key and no universal name: claimed all the same, the store holding the card for the customer.
    expect(noKey.status).toBe(200);
    const noKeyBody = visibleText(await renderedPage(noKey));
    expect(noKeyBody).toContain("You claimed a card");
    expect(noKeyBody).toContain(
      "The store holds it for you, so there's nothing else to do. To keep it in your own Solana wallet, link one whenever you like: Link a wallet",
    );
  });

  it("says the store holds them, in the plural, when one code claims several cards (French agreement: « les conserve »)", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const [first] = await createCardBatch(shop, {
      redemption: { email: "jane@example.com" },
      cards: [cardFields().fields, cardFields().fields],
    });

    const response = await postForm(signedProxyUrl("/proxy/redeem?lang=fr", { shop, customerId }), { code: first!.redemption!.code! });

    expect(response.status).toBe(200);
    // Shopify's storefront in its primary language (English): the message's ?lang=fr decides.
    const body = visibleText(await renderedPage(response, "en", { primary: true }));
    expect(body).toContain("Vous avez récupéré 2 cartes");
    expect(body).toContain("La boutique les conserve pour vous");
    expect(body).toContain("Pour les garder dans votre propre portefeuille Solana");
    expect(body).not.toContain("la conserve");
  });

  it("explains a failed claim in the storefront's language, next to the field", async () => {
    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop: uniqueShop(), customerId: uniqueCustomerId() }), {
      code: "ZZZZ-ZZZZ-ZZZW",
      publicKey: "",
    });

    const body = await renderedPage(response, "fr");

    expect(response.status).toBe(404);
    expect(body).toMatch(
      /<p class="twincards-error" id="twincards-code-error">Ce code est inconnu\. Comparez-le à votre message et réessayez\.<\/p>/,
    );
    expect(visibleText(body)).toContain("Vérifiez les champs ci-dessous.");
  });

  it("answers a logged-out visitor with a log-in link back to the form with the code", async () => {
    const response = await postForm(signedProxyUrl("/proxy/redeem", { shop: uniqueShop() }), { code: "ABCD-EFGH-JKMN", publicKey: "" });

    expect(response.status).toBe(401);
    expectLiquid(response);
    expect(await renderedPage(response)).toContain(
      `href="/account/login?return_url=${encodeURIComponent("/apps/twincards/redeem?code=ABCD-EFGH-JKMN&lang=en")}"`,
    );
  });
});

describe("POST /proxy/names", () => {
  it("registers a universal name for the customer: 201, owned by shopify|<id>", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const name = uniqueName("store");
    const publicKey = walletKey();

    const response = await postJson(signedProxyUrl("/proxy/names", { shop, customerId }), { name, publicKey });

    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { uns_name: string; uns_name_id: string; public_key: string } };
    expect(data).toEqual({ uns_name: name, uns_name_id: expect.any(String), public_key: publicKey, livemode: true });
    expect(await db.universalName.findUnique({ where: { id: data.uns_name_id } })).toMatchObject({
      name,
      publicKey,
      owner: owner(customerId),
    });
  });

  it("answers 409 to a taken name, 422 naming the field, 401 when logged out", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const taken = await registerName(shop, { name: uniqueName("taken"), publicKey: walletKey() });
    const url = () => signedProxyUrl("/proxy/names", { shop, customerId });

    const conflict = await postJson(url(), { name: taken.uns_name, publicKey: walletKey() });
    const badName = await postJson(url(), { name: "No", publicKey: walletKey() });
    const badKey = await postJson(url(), { name: uniqueName(), publicKey: "not-a-key" });
    const withOwner = await postJson(url(), { name: uniqueName(), publicKey: walletKey(), owner: "shopify|1" });
    const loggedOut = await postJson(signedProxyUrl("/proxy/names", { shop }), { name: uniqueName(), publicKey: walletKey() });

    const paths = async (response: Response) =>
      ((await response.json()) as { error: { details: { path: string }[] } }).error.details.map((detail) => detail.path);
    expect(conflict.status).toBe(409);
    expect(badName.status).toBe(422);
    expect(await paths(badName)).toEqual(["name"]);
    expect(badKey.status).toBe(422);
    expect(await paths(badKey)).toEqual(["publicKey"]);
    expect(withOwner.status).toBe(422);
    expect(await paths(withOwner)).toEqual(["owner"]);
    expect(loggedOut.status).toBe(401);
    expect(await loggedOut.json()).toMatchObject({
      error: { code: "UNAUTHENTICATED" },
      loginUrl: "/account/login?return_url=%2Fapps%2Ftwincards",
    });
    expect(await db.universalName.count({ where: { owner: owner(customerId) } })).toBe(0);
  });

  it("takes JSON only with a JSON Content-Type (a page elsewhere cannot post it cross-site)", async () => {
    const response = await proxyFetch(signedProxyUrl("/proxy/names", { shop: uniqueShop(), customerId: uniqueCustomerId() }), {
      method: "POST",
      body: JSON.stringify({ name: uniqueName(), publicKey: walletKey() }),
      headers: { "Content-Type": "text/plain" },
    });

    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("INVALID_JSON");
  });
});
