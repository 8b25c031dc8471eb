import { generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { importSPKI, jwtVerify, type JWTPayload } from "jose";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { voidCard } from "~/domain/card-void.server";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { giveCard } from "~/domain/gifts.server";
import { registerName } from "~/domain/names.server";
import { recordEvent } from "~/domain/events.server";
import { deleteShopData, redactCustomer } from "~/domain/privacy.server";
import { redeem } from "~/domain/redeem.server";
import { saveShopFacts } from "~/domain/shop-profile.server";
import { stores } from "~/domain/stores";
import { issueTwin } from "~/domain/twins.server";
import { startGoogleWalletStub, type GoogleWalletStub } from "../../stubs/google-wallet/server";
import { getPage } from "../support/admin";
import { baseUrl, uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountToken, EXTENSION_ORIGIN } from "../support/customer-account";
import { expectNoEnglish, refusalPage } from "../support/download-refusal";
import { uniqueName, walletKey } from "../support/fixtures";
import { startServer, type AppProcess } from "../support/processes";
import { readQrPng } from "../support/qr";
import { TEST_ENV } from "../support/test-env";

/*
 * Google Wallet (issue 28, item 3; decision 0048) through the built server: the
 * save link's JWT verified with the service account's public key and read field
 * by field, the refusals, and the object updates on a void and a gift claimed,
 * sent through the outbox to the Google Wallet stand-in (stubs/google-wallet),
 * which checks each token assertion's signature. The shared server has no
 * Google Wallet configuration: it refuses links.
 */

const ISSUER_ID = "3388000000022222222";
const SERVICE_ACCOUNT = "twin-cards@twin-cards-test.iam.gserviceaccount.com";
const SHOP_NAME = "Harbor & Pine";
// The updater polls its queue every second and the suite shares two cores: wait as the other workers' tests do.
const UPDATER_DEADLINE = { timeout: 15_000, interval: 100 };

let publicKey: string;
let serviceAccountJson: string;
let google: GoogleWalletStub;
let server: AppProcess;
let images: http.Server;
let imageBase: string;

beforeAll(async () => {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  publicKey = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
  serviceAccountJson = JSON.stringify({
    type: "service_account",
    project_id: "twin-cards-test",
    private_key_id: "key-1",
    private_key: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: SERVICE_ACCOUNT,
    token_uri: "https://oauth2.googleapis.com/token",
  });
  const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: "#0a7d5a" } })
    .png()
    .toBuffer();
  images = http.createServer((req, res) => {
    if (req.url === "/logo.png" || req.url === "/picture.png") res.writeHead(200, { "Content-Type": "image/png" }).end(logo);
    else if (req.url === "/not-an-image.png") res.writeHead(200, { "Content-Type": "image/png" }).end("<html>nope</html>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  google = await startGoogleWalletStub(publicKey);
  server = await startServer({
    ...TEST_ENV,
    SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"),
    GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccountJson,
    GOOGLE_WALLET_API_URL: google.url,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
  });
});
afterAll(async () => {
  await server?.stop();
  await google?.stop();
  await new Promise((resolve) => images?.close(resolve));
});

/** A shop with a name and logo, a customer with a universal name, a numbered card in their wallet with a PRIVATE entry, a twin and a pending card. */
async function collection(options: { pictureUrl?: string } = {}) {
  const shop = uniqueShop();
  await saveShopFacts(shop, {
    name: SHOP_NAME,
    brandLogoUrl: `${imageBase}/logo.png`,
    primaryLocale: "en",
    timeZone: "UTC",
    contactEmail: `owner-${randomUUID().slice(0, 6)}@harbor.example`,
    primaryDomain: null,
    shopId: null,
  });
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const name = await registerName(shop, { name: uniqueName("janedoe"), publicKey: walletKey(), owner });
  const secret = { key: `margin-${randomUUID().slice(0, 8)}`, value: `secret-${randomUUID().slice(0, 8)}` };
  const [, card] = await createCardBatch(shop, {
    owner,
    publicKey: name.public_key,
    cards: ["Silver membership", "Gold membership"].map((title) => ({
      name: title,
      media: { imageUrls: [options.pictureUrl ?? `${imageBase}/picture.png`], videoUrls: [] },
      metadata: [
        { key: "edition", value: "First" },
        { key: secret.key, value: secret.value, visibility: "PRIVATE" },
      ],
    })),
  });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Limited sneaker",
    quantity: 1,
    images: [`${imageBase}/picture.png`],
  });
  const email = `jane.${randomUUID().slice(0, 6)}@example.com`;
  const phone = "+14155550123";
  const pending = await createCard(shop, {
    name: "Secret gift",
    email,
    phone,
    media: { imageUrls: [], videoUrls: [] },
    metadata: [{ key: secret.key, value: secret.value, visibility: "PRIVATE" }],
  });
  return { shop, customerId, owner, name, card: card!, twin, pending, code: pending.redemption!.code!, email, phone, secret };
}

/** "Add to Google Wallet" as My cards links it, through the app proxy. */
const linkFromProxy = (shop: string, customerId: string | null, id: string, base = server.url, query = "", init: RequestInit = {}) =>
  proxyFetch(signedProxyUrl(`/proxy/google-wallet/${id}${query}`, { shop, customerId, baseUrl: base }), { redirect: "manual", ...init });
/** As a script asks for it: a refusal in the JSON envelope. */
const linkJson = (shop: string, customerId: string | null, id: string, base = server.url) =>
  linkFromProxy(shop, customerId, id, base, "", { headers: { Accept: "application/json" } });

interface GenericObject {
  id: string;
  classId: string;
  state: string;
  cardTitle: { defaultValue: { language: string; value: string } };
  subheader: { defaultValue: { value: string } };
  header: { defaultValue: { value: string } };
  hexBackgroundColor: string;
  logo?: { sourceUri: { uri: string } };
  heroImage?: { sourceUri: { uri: string } };
  textModulesData: { id: string; header: string; body: string }[];
  barcode?: { type: string; value: string; alternateText: string } | null;
}

type SaveJwt = JWTPayload & {
  typ: string;
  origins: string[];
  payload: { genericClasses: { id: string }[]; genericObjects: GenericObject[] };
};

/** The save link's JWT, verified with the service account's public key (RS256). */
async function savedJwt(response: Response): Promise<{ jwt: string; claims: SaveJwt; header: Record<string, unknown> }> {
  expect(response.status, await response.clone().text()).toBe(302);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const location = response.headers.get("location")!;
  expect(location.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
  const jwt = location.slice("https://pay.google.com/gp/v/save/".length);
  const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(publicKey, "RS256"), {
    issuer: SERVICE_ACCOUNT,
    audience: "google",
    algorithms: ["RS256"],
  });
  return { jwt, claims: payload as SaveJwt, header: protectedHeader as Record<string, unknown> };
}

/**
 * An owned card voided (the merchant's void refuses owned cards today; a void of a held item, should it come, takes
 * this path): its status and its unit_card.voided event in one transaction, as every void records it.
 */
const voidOwnedCard = (shop: string, id: string) =>
  stores().transaction(async () => {
    await db.unitCard.update({ where: { id }, data: { status: "VOID", voidedAt: new Date(), voidReason: "Test" } });
    await recordEvent(shop, "unit_card.voided", { objectType: "unit_card", object: { id } });
  });

const text = (object: GenericObject, id: string) => object.textModulesData.find((module) => module.id === id)?.body;

describe("Add to Google Wallet: GET /apps/twincards/google-wallet/<id>", () => {
  it("redirects the holder to Google's save link: a JWT signed RS256 by the service account with the item's public fields and the verify QR", async () => {
    const items = await collection();

    const { jwt, claims, header } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));

    expect(header).toMatchObject({ alg: "RS256", kid: "key-1" });
    expect(claims).toMatchObject({ iss: SERVICE_ACCOUNT, aud: "google", typ: "savetowallet" });
    expect(claims.origins).toEqual(expect.arrayContaining([`https://${items.shop}`]));
    const classId = `${ISSUER_ID}.twincards_${items.shop.replaceAll(".", "_")}`;
    expect(claims.payload.genericClasses).toEqual([{ id: classId }]);
    expect(claims.payload.genericObjects).toHaveLength(1);
    const object = claims.payload.genericObjects[0]!;
    expect(object.id).toMatch(new RegExp(`^${ISSUER_ID}\\.${items.card.id}-[A-Za-z0-9_-]{16}$`));
    expect(object).toMatchObject({
      classId,
      state: "ACTIVE",
      cardTitle: { defaultValue: { language: "en", value: SHOP_NAME } },
      subheader: { defaultValue: { value: "Card" } },
      header: { defaultValue: { value: "Gold membership" } },
      hexBackgroundColor: "#1F2937",
      logo: { sourceUri: { uri: `${imageBase}/logo.png` } },
      heroImage: { sourceUri: { uri: `${imageBase}/picture.png` } },
    });
    expect(text(object, "serial")).toBe("#2 of 2");
    expect(text(object, "holder")).toBe(`${items.name.uns_name.slice(0, 2)}***${items.name.uns_name.at(-1)}`);
    expect(text(object, "issued")).toBeTruthy();
    expect(text(object, "verify")).toContain(SHOP_NAME);

    // The QR code, drawn as Google draws it from the value and read back as a phone would, opens the public verify page.
    expect(object.barcode).toMatchObject({ type: "QR_CODE", value: items.card.verifyUrl });
    const scanned = readQrPng(await QRCode.toBuffer(object.barcode!.value, { type: "png", margin: 4, scale: 6 }));
    expect(scanned).toBe(items.card.verifyUrl);
    const verifyPath = new URL(scanned!).pathname.replace(/^\/apps\/twincards/, "/proxy");
    expect((await proxyFetch(signedProxyUrl(verifyPath, { shop: items.shop, baseUrl: server.url }))).status).toBe(200);

    // Never the redemption code, PRIVATE metadata or anything naming the holder.
    const decoded = JSON.stringify(claims);
    for (const value of [
      items.code,
      items.secret.key,
      items.secret.value,
      items.email,
      items.phone,
      items.owner,
      items.customerId,
      items.name.uns_name,
      items.name.public_key,
    ]) {
      expect(decoded).not.toContain(value);
      expect(jwt).not.toContain(value);
    }

    // The object is kept for updates, and the same holder asking again gets the same object.
    const again = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    expect(again.claims.payload.genericObjects[0]!.id).toBe(object.id);
    expect(await db.googleWalletObject.findMany({ where: { serialNumber: items.card.id }, select: { objectId: true } })).toEqual([
      { objectId: object.id },
    ]);
  });

  it("gives a twin its object in French, with its masked holder", async () => {
    const items = await collection();

    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.twin.id, server.url, "?locale=fr"));

    const object = claims.payload.genericObjects[0]!;
    expect(object.cardTitle.defaultValue.language).toBe("fr");
    expect(object.subheader.defaultValue.value).toBe("Jumeau numérique");
    expect(object.header.defaultValue.value).toBe("Limited sneaker");
    expect(object.textModulesData.find((module) => module.id === "holder")).toMatchObject({ header: "Détenu par" });
    expect(object.barcode?.value).toBe(items.twin.verifyUrl);
  });

  it("leaves out a picture that cannot be read, and still gives the link", async () => {
    const items = await collection({ pictureUrl: `${imageBase}/not-an-image.png` });

    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));

    const object = claims.payload.genericObjects[0]!;
    expect(object).not.toHaveProperty("heroImage");
    expect(object.logo?.sourceUri.uri).toBe(`${imageBase}/logo.png`);
    expect(object.header.defaultValue.value).toBe("Gold membership");
  });

  it("is offered on My cards, after a claim, on the account page, on the verify page for its holder, and on the pages without JavaScript", async () => {
    const items = await collection();
    const cards = await proxyFetch(signedProxyUrl("/proxy/cards", { shop: items.shop, customerId: items.customerId, baseUrl: server.url }));
    expect(((await cards.json()) as { data: { googleWalletPasses: boolean } }).data.googleWalletPasses).toBe(true);
    const shared = await proxyFetch(signedProxyUrl("/proxy/cards", { shop: items.shop, customerId: items.customerId }));
    expect(((await shared.json()) as { data: { googleWalletPasses: boolean } }).data.googleWalletPasses).toBe(false);

    const holdings = await fetch(`${server.url}/customer-account/holdings`, {
      headers: {
        Authorization: `Bearer ${accountToken(items.shop, items.customerId)}`,
        Origin: EXTENSION_ORIGIN,
        "User-Agent": USER_AGENT,
      },
    });
    expect(((await holdings.json()) as { data: { googleWalletUrl: string } }).data.googleWalletUrl).toBe(
      `https://${items.shop}/apps/twincards/google-wallet`,
    );

    const verifyPath = `/proxy/v/${items.card.verifyUrl.split("/").at(-1)}`;
    const holder = await renderedPage(
      await proxyFetch(signedProxyUrl(verifyPath, { shop: items.shop, customerId: items.customerId, baseUrl: server.url })),
    );
    const stranger = await renderedPage(
      await proxyFetch(signedProxyUrl(verifyPath, { shop: items.shop, customerId: uniqueCustomerId(), baseUrl: server.url })),
    );
    expect(holder).toContain(
      `href="/apps/twincards/google-wallet/${items.card.id}?locale=en" aria-label="Add to Google Wallet: Gold membership"`,
    );
    expect(stranger).not.toContain("Google Wallet");

    const page = await proxyFetch(signedProxyUrl("/proxy", { shop: items.shop, customerId: items.customerId, baseUrl: server.url }));
    const french = await renderedPage(page, "fr");
    expect(french).toContain(
      `href="/apps/twincards/google-wallet/${items.card.id}?locale=fr" aria-label="Ajouter à Google Wallet: Gold membership"`,
    );
    expect(french).toContain(`href="/apps/twincards/google-wallet/${items.twin.id}?locale=fr"`);
    // No Apple Wallet material on this server: only Google's link.
    expect(french).not.toContain("/passes/");

    const claimed = await proxyFetch(
      signedProxyUrl("/proxy/redeem", { shop: items.shop, customerId: uniqueCustomerId(), baseUrl: server.url }),
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: items.code }),
      },
    );
    expect(((await claimed.json()) as { data: { googleWalletPasses: boolean } }).data.googleWalletPasses).toBe(true);
  });
});

describe("Add to Google Wallet refused", () => {
  const refusal = async (response: Response, status: number, code: string, message: RegExp) => {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("location")).toBeNull();
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
  };
  const objectsOf = (serialNumber: string) => db.googleWalletObject.count({ where: { serialNumber } });

  it("refuses every link while the issuer and service account are missing (503, what is missing), and writes nothing", async () => {
    const items = await collection();

    // The shared server runs without any GOOGLE_WALLET_* variable.
    const response = await proxyFetch(
      signedProxyUrl(`/proxy/google-wallet/${items.card.id}`, { shop: items.shop, customerId: items.customerId }),
      { redirect: "manual", headers: { Accept: "application/json" } },
    );

    await refusal(response, 503, "UNAVAILABLE", /Google Wallet issuer and service account are not configured/);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await objectsOf(items.card.id)).toBe(0);
  });

  it("refuses someone else's item, another shop's, an unknown id and a malformed one with 404, writing nothing", async () => {
    const items = await collection();
    const cases = [
      linkJson(items.shop, uniqueCustomerId(), items.card.id),
      linkJson(items.shop, uniqueCustomerId(), items.twin.id),
      linkJson(uniqueShop(), items.customerId, items.card.id),
      linkJson(items.shop, items.customerId, `card_${"0".repeat(26)}`),
      linkJson(items.shop, items.customerId, "..%2Fcards"),
    ];
    for (const response of await Promise.all(cases)) await refusal(response, 404, "NOT_FOUND", /Card or twin not found/);
    expect(await objectsOf(items.card.id)).toBe(0);
    expect(await objectsOf(items.twin.id)).toBe(0);
  });

  it("refuses a card waiting for its claim (409), a voided one (410) and one being given (409)", async () => {
    const items = await collection();
    await refusal(
      await linkJson(items.shop, items.customerId, items.pending.id),
      409,
      "CONFLICT",
      /claim it first, then add it to Google Wallet/,
    );
    await voidCard(items.shop, items.pending.id);
    await refusal(await linkJson(items.shop, items.customerId, items.pending.id), 410, "VOIDED", /no Google Wallet pass/);
    await giveCard(items.shop, items.owner, items.card.id, { email: `friend-${randomUUID().slice(0, 6)}@example.com` });
    await refusal(await linkJson(items.shop, items.customerId, items.card.id), 409, "CONFLICT", /being given/);
    expect(await objectsOf(items.card.id)).toBe(0);
    expect(await objectsOf(items.pending.id)).toBe(0);
  });

  it("asks a logged-out visitor to log in (401) and refuses other methods (405)", async () => {
    const items = await collection();
    await refusal(await linkJson(items.shop, null, items.card.id), 401, "UNAUTHENTICATED", /Log in/);
    const post = await proxyFetch(
      signedProxyUrl(`/proxy/google-wallet/${items.card.id}`, { shop: items.shop, customerId: items.customerId, baseUrl: server.url }),
      { method: "POST" },
    );
    expect(post.status).toBe(405);
    expect(await objectsOf(items.card.id)).toBe(0);
  });
});

describe("Add to Google Wallet refused to a shopper's tap", () => {
  it("answers with a page in the language of the page tapped on, the refusal's status and My cards, never Google's link", async () => {
    const items = await collection();
    const tap = (customerId: string | null, id: string, base = server.url) => linkFromProxy(items.shop, customerId, id, base, "?locale=fr");

    const stranger = await refusalPage(await tap(uniqueCustomerId(), items.card.id), 404);
    expect(stranger.text).toContain("Impossible de l’ajouter à Google Wallet");
    expect(stranger.text).toContain("n’est pas dans votre collection");
    expectNoEnglish(stranger.text);
    expect((await refusalPage(await tap(items.customerId, items.pending.id), 409)).text).toContain("n’a pas encore été récupérée");
    expect((await refusalPage(await tap(null, items.card.id), 401)).page).toContain(">Se connecter</a>");

    const off = await refusalPage(await tap(items.customerId, items.card.id, baseUrl), 503);
    expect(off.text).toContain("Les cartes Google Wallet ne sont pas disponibles dans cette boutique.");
    expectNoEnglish(off.text);
    expect(await db.googleWalletObject.count({ where: { serialNumber: items.card.id } })).toBe(0);
  });
});

describe("Google Wallet objects updated through the outbox", () => {
  const updatesOf = (objectId: string) =>
    db.googleWalletUpdate.findMany({ where: { objectId }, select: { status: true, lastError: true }, orderBy: { id: "asc" } });

  it("updates a saved object once when its card is voided: INACTIVE, Void, no barcode", async () => {
    const items = await collection();
    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    const objectId = claims.payload.genericObjects[0]!.id;
    google.save(objectId);

    await voidOwnedCard(items.shop, items.card.id);

    await expect.poll(() => updatesOf(objectId), UPDATER_DEADLINE).toEqual([{ status: "SENT", lastError: null }]);
    const patches = google.patches.filter((patch) => patch.objectId === objectId);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.status).toBe(200);
    expect(patches[0]!.body).toMatchObject({ id: objectId, state: "INACTIVE", barcode: null });
    expect(JSON.stringify(patches[0]!.body.textModulesData)).toContain('"body":"Void"');
    // Its access token came from the token endpoint, with an assertion the stand-in verified with the public key.
    const token = patches[0]!.authorization!.replace(/^Bearer /, "");
    expect(token).toMatch(/^ya29\.stub-/);
    expect(google.tokenRequests.some((request) => request.ok && request.claims?.iss === SERVICE_ACCOUNT)).toBe(true);
    expect(google.tokenRequests.every((request) => request.ok)).toBe(true);
  });

  it("updates the giver's saved object once when their gift is claimed: no barcode, Given away; the recipient's is their own", async () => {
    const items = await collection();
    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    const objectId = claims.payload.genericObjects[0]!.id;
    google.save(objectId);

    await giveCard(items.shop, items.owner, items.card.id, { email: `friend-${randomUUID().slice(0, 6)}@example.com` });
    const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId: items.card.id, status: "PENDING" } });
    const message = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
    const friend = uniqueCustomerId();
    await redeem(
      items.shop,
      { code: (message.payload as { code: string }).code, owner: `shopify|${friend}` },
      { address: uniqueClientAddress() },
    );

    await expect.poll(() => updatesOf(objectId), UPDATER_DEADLINE).toEqual([{ status: "SENT", lastError: null }]);
    const patches = google.patches.filter((patch) => patch.objectId === objectId);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toMatchObject({ id: objectId, state: "INACTIVE", barcode: null });
    expect(JSON.stringify(patches[0]!.body.textModulesData)).toContain("Given away");
    expect(JSON.stringify(patches[0]!.body)).not.toContain(friend);

    // The friend's own object is another one, with the barcode.
    const theirs = await savedJwt(await linkFromProxy(items.shop, friend, items.card.id));
    const object = theirs.claims.payload.genericObjects[0]!;
    expect(object.id).not.toBe(objectId);
    expect(object.barcode?.value).toBe(items.card.verifyUrl);
  });

  it("updates a saved object once when its NFT is minted: still ACTIVE, with its barcode", async () => {
    const items = await collection();
    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    const objectId = claims.payload.genericObjects[0]!.id;
    google.save(objectId);

    // The minter records nft.minted in the transaction of the mint.
    await stores().transaction(() => recordEvent(items.shop, "nft.minted", { objectType: "unit_card", object: { id: items.card.id } }));

    await expect.poll(() => updatesOf(objectId), UPDATER_DEADLINE).toEqual([{ status: "SENT", lastError: null }]);
    const patches = google.patches.filter((patch) => patch.objectId === objectId);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toMatchObject({ state: "ACTIVE", barcode: { type: "QR_CODE", value: items.card.verifyUrl } });
  });

  it("counts an object the shopper never saved (Google's 404) as done, not as an error", async () => {
    const items = await collection();
    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    const objectId = claims.payload.genericObjects[0]!.id;

    await voidOwnedCard(items.shop, items.card.id);

    await expect
      .poll(() => updatesOf(objectId), UPDATER_DEADLINE)
      .toEqual([{ status: "SENT", lastError: "Not saved by the shopper: nothing to update" }]);
    expect(google.patches.filter((patch) => patch.objectId === objectId).map((patch) => patch.status)).toEqual([404]);
  });
});

describe("Google Wallet objects and privacy", () => {
  it("names a redacted customer's objects as their cards do, and deletes a shop's objects and waiting updates with its data", async () => {
    const items = await collection();
    const { claims } = await savedJwt(await linkFromProxy(items.shop, items.customerId, items.card.id));
    const objectId = claims.payload.genericObjects[0]!.id;

    await redactCustomer(items.shop, { customerId: items.customerId });
    const kept = await db.googleWalletObject.findUniqueOrThrow({ where: { objectId } });
    expect(kept.holder).toMatch(/^redacted\|/);
    expect(JSON.stringify(kept)).not.toContain(items.customerId);

    await db.googleWalletUpdate.create({
      data: { id: `gwu_${"1".repeat(10)}${randomUUID().slice(0, 16)}`, objectId, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    await deleteShopData(items.shop);
    expect(await db.googleWalletObject.count({ where: { objectId } })).toBe(0);
    expect(await db.googleWalletUpdate.count({ where: { objectId } })).toBe(0);
  });
});

describe("Google Wallet configuration checked at start", () => {
  it("says in one line what is missing or wrong, starts with Google Wallet off, and says when it is on", async () => {
    const missing = await startServer({ ...TEST_ENV, GOOGLE_WALLET_ISSUER_ID: ISSUER_ID });
    const wrong = await startServer({
      ...TEST_ENV,
      SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"),
      GOOGLE_WALLET_ISSUER_ID: "issuer",
      GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccountJson,
    });
    const unreadable = await startServer({
      ...TEST_ENV,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT: "/nonexistent/service-account.json",
    });
    try {
      const lines = (process: AppProcess) =>
        process
          .stdout()
          .split("\n")
          .filter((line) => line.includes("Google Wallet"));
      expect(lines(missing)).toEqual(["Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT is not set (docs/configuration.md)"]);
      expect(lines(wrong)).toEqual([
        "Google Wallet off: GOOGLE_WALLET_ISSUER_ID must be the issuer id of the Google Pay & Wallet Console (digits only) (docs/configuration.md)",
      ]);
      expect(lines(unreadable)).toEqual([
        "Google Wallet off: GOOGLE_WALLET_SERVICE_ACCOUNT is neither a service account's JSON key nor the path of a readable JSON key file (docs/configuration.md)",
      ]);
      // Settings says the reason in the admin's language (issue 39, item 8).
      const shop = uniqueShop();
      const english = await getPage("/app/settings", shop, { base: wrong.url });
      expect(english.text).toContain(
        "What is wrong: GOOGLE_WALLET_ISSUER_ID must be the issuer id of the Google Pay & Wallet Console (digits only)",
      );
      const french = await getPage("/app/settings?locale=fr", shop, { base: wrong.url });
      expect(french.text).toContain(
        "Ce qui ne va pas : GOOGLE_WALLET_ISSUER_ID doit être l’identifiant d’émetteur de la Google Pay & Wallet Console (des chiffres uniquement)",
      );
      expect(french.text).not.toContain("must be the issuer id");
      const items = await collection();
      expect((await linkFromProxy(items.shop, items.customerId, items.card.id, missing.url)).status).toBe(503);
    } finally {
      await Promise.all([missing.stop(), wrong.stop(), unreadable.stop()]);
    }
    expect(server.stdout()).toContain(`Google Wallet on: issuer ${ISSUER_ID}, service account ${SERVICE_ACCOUNT}`);
  });
});

describe("Settings → Google Wallet", () => {
  it("says Google Wallet is off and which variables to set, in English and French", async () => {
    const shop = uniqueShop();

    const page = await getPage("/app/settings", shop);
    const french = await getPage("/app/settings?locale=fr", shop);

    expect(page.text).toContain("Google Wallet is off: customers see no Add to Google Wallet button.");
    for (const variable of ["GOOGLE_WALLET_ISSUER_ID", "GOOGLE_WALLET_SERVICE_ACCOUNT"]) expect(page.text).toContain(variable);
    expect(french.text).toContain("Google Wallet est désactivé : vos clients ne voient aucun bouton Ajouter à Google Wallet.");
  });

  it("says Google Wallet is on where it is configured", async () => {
    const page = await getPage("/app/settings", uniqueShop(), { base: server.url });

    expect(page.text).toContain("Google Wallet is on: customers see Add to Google Wallet.");
    expect(page.text).toContain(ISSUER_ID);
    expect(page.text).not.toContain("GOOGLE_WALLET_SERVICE_ACCOUNT");
  });
});
