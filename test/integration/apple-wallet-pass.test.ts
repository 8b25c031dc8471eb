import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { voidCard } from "~/domain/card-void.server";
import { giveCard } from "~/domain/gifts.server";
import { registerName } from "~/domain/names.server";
import { redeem } from "~/domain/redeem.server";
import { saveShopFacts } from "~/domain/shop-profile.server";
import { issueTwin } from "~/domain/twins.server";
import { setWalletPassSettings } from "~/domain/wallet-pass-settings.server";
import { getPage, submitFetcher } from "../support/admin";
import { baseUrl, uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountToken, EXTENSION_ORIGIN } from "../support/customer-account";
import { expectNoEnglish, refusalPage } from "../support/download-refusal";
import { uniqueName, walletKey } from "../support/fixtures";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";
import { makeSigningMaterial, removePassFiles, sha1, smimeVerify, unzipPass, type TestSigningMaterial } from "../support/wallet-pass";

/*
 * Apple Wallet passes (issue 28, item 1; decision 0045) through the built server,
 * opened by an independent check: unzip, every file's SHA-1 against manifest.json,
 * the detached PKCS#7 signature over the manifest with `openssl smime -verify`
 * against a root CA made here, and pass.json's fields. The shared server has no
 * signing material: it refuses passes.
 */

let material: TestSigningMaterial;
let signing: AppProcess;
let images: http.Server;
let imageBase: string;
let avifPicture: Buffer;
/** A logo drawn in SVG, 40 × 16 CSS pixels: the pass must draw it at Wallet's sizes, not at that size. */
const SVG_LOGO = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="16"><rect width="40" height="16" fill="#c0392b"/></svg>`;

beforeAll(async () => {
  material = makeSigningMaterial();
  const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: "#0a7d5a" } })
    .png()
    .toBuffer();
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#d4a017" } })
    .jpeg()
    .toBuffer();
  avifPicture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1f6feb" } })
    .avif()
    .toBuffer();
  images = http.createServer((req, res) => {
    if (req.url === "/logo.png") res.writeHead(200, { "Content-Type": "image/png" }).end(logo);
    else if (req.url === "/picture.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(picture);
    else if (req.url === "/not-an-image.png") res.writeHead(200, { "Content-Type": "image/png" }).end("<html>nope</html>");
    else if (req.url === "/logo.svg") res.writeHead(200, { "Content-Type": "image/svg+xml" }).end(SVG_LOGO);
    else if (req.url === "/picture.avif") res.writeHead(200, { "Content-Type": "image/avif" }).end(avifPicture);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  // The Admin API stub answers the token exchange the admin pages start with.
  signing = await startServer({ ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"), ...material.env });
});
afterAll(async () => {
  await signing?.stop();
  await new Promise((resolve) => images?.close(resolve));
  removePassFiles();
});

const SHOP_NAME = "Harbor & Pine";

/** A shop with a name and logo, a customer with a universal name, a numbered card in their wallet with a PRIVATE entry, a twin, and a pending card. */
async function collection(options: { logoUrl?: string; pictureUrl?: string } = {}) {
  const shop = uniqueShop();
  await saveShopFacts(shop, {
    name: SHOP_NAME,
    brandLogoUrl: options.logoUrl ?? `${imageBase}/logo.png`,
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
      media: { imageUrls: [options.pictureUrl ?? `${imageBase}/picture.jpg`], videoUrls: [] },
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
    images: [`${imageBase}/picture.jpg`],
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

/** The pass through the app proxy, as Safari asks for it from My cards. */
const passFromProxy = (shop: string, customerId: string | null, id: string, base = signing.url, query = "", init: RequestInit = {}) =>
  proxyFetch(signedProxyUrl(`/proxy/passes/${id}${query}`, { shop, customerId, baseUrl: base }), init);
/** As a script asks for it: a refusal in the JSON envelope. */
const passJson = (shop: string, customerId: string | null, id: string, base = signing.url) =>
  passFromProxy(shop, customerId, id, base, "", { headers: { Accept: "application/json" } });

async function pkpass(response: Response) {
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ""),
  ).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return unzipPass(Buffer.from(await response.arrayBuffer()));
}

type Field = { key: string; label: string; value: string };
const fieldsOf = (pass: Record<string, unknown>, style: string) => pass[style] as Record<string, Field[]>;
const valueOf = (section: Record<string, Field[]>, key: string) =>
  Object.values(section)
    .flat()
    .find((field) => field.key === key)?.value;

describe("Apple Wallet passes: GET /apps/twincards/passes/<id>", () => {
  it("gives the holder a signed pass of their card: manifest SHA-1s, a signature that verifies, public fields and the verify QR", async () => {
    const items = await collection();

    const response = await passFromProxy(items.shop, items.customerId, `${items.card.id}.pkpass`);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Gold membership.pkpass"');
    const opened = await pkpass(response);

    // Every file in the archive is in the manifest with its SHA-1, and nothing else is.
    const listed = Object.keys(opened.manifest).sort();
    expect(listed).toEqual([...opened.files.keys()].filter((name) => name !== "manifest.json" && name !== "signature").sort());
    for (const [name, digest] of Object.entries(opened.manifest)) expect(sha1(opened.files.get(name)!), name).toBe(digest);
    expect(listed).toEqual(expect.arrayContaining(["pass.json", "icon.png", "icon@2x.png", "logo.png", "thumbnail.png"]));
    // PNG, whatever the picture was served as.
    for (const name of ["icon.png", "logo.png", "thumbnail.png"])
      expect((await sharp(opened.files.get(name)!).metadata()).format).toBe("png");
    // The detached PKCS#7 signature over manifest.json verifies against the root, through the WWDR intermediate it carries.
    const verified = smimeVerify(opened, material.caFile);
    expect(verified.ok, verified.output).toBe(true);

    const pass = opened.passJson;
    expect(pass.voided).toBeUndefined();
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: material.passTypeId,
      teamIdentifier: material.teamId,
      serialNumber: items.card.id,
      organizationName: SHOP_NAME,
      description: `Gold membership, issued by ${SHOP_NAME}`,
      logoText: SHOP_NAME,
      backgroundColor: "rgb(31, 41, 55)",
      foregroundColor: "rgb(255, 255, 255)",
    });
    expect(pass).not.toHaveProperty("webServiceURL");
    const generic = fieldsOf(pass, "generic");
    expect(valueOf(generic, "item")).toBe("Gold membership");
    expect(valueOf(generic, "serial")).toBe("#2 of 2");
    expect(valueOf(generic, "holder")).toBe(`${items.name.uns_name.slice(0, 2)}***${items.name.uns_name.at(-1)}`);
    // The QR opens the item's public verification page, which answers 200 on the shop's app proxy.
    expect(pass.barcodes![0]).toMatchObject({ format: "PKBarcodeFormatQR", message: items.card.verifyUrl });
    const verifyPath = new URL(pass.barcodes![0]!.message).pathname.replace(/^\/apps\/twincards/, "/proxy");
    expect((await proxyFetch(signedProxyUrl(verifyPath, { shop: items.shop, baseUrl: signing.url }))).status).toBe(200);

    // Nothing private anywhere in the archive.
    const archive = [...opened.files.values()].map((bytes) => bytes.toString("latin1")).join("\n");
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
      expect(archive).not.toContain(value);
    }
  });

  it("fails the independent check once pass.json is changed: its SHA-1, then the signature over a manifest made to match", async () => {
    const items = await collection();
    const opened = await pkpass(await passFromProxy(items.shop, items.customerId, items.card.id));

    const tampered = Buffer.from(opened.files.get("pass.json")!.toString("utf8").replace(SHOP_NAME, "Someone Else"));
    expect(sha1(tampered)).not.toBe(opened.manifest["pass.json"]);
    const manifest = path.join(opened.dir, "manifest.json");
    writeFileSync(manifest, JSON.stringify({ ...opened.manifest, "pass.json": sha1(tampered) }));
    const verified = smimeVerify(opened, material.caFile, manifest);
    expect(verified.ok).toBe(false);
  });

  it("uses the style chosen in Settings per kind: a twin as an event ticket, in French, with its masked holder", async () => {
    const items = await collection();
    await setWalletPassSettings(items.shop, {
      cardStyle: "generic",
      twinStyle: "eventTicket",
      backgroundColor: "#112233",
      foregroundColor: "#fefefe",
      labelColor: "#AABBCC",
    });

    const opened = await pkpass(await passFromProxy(items.shop, items.customerId, items.twin.id, signing.url, "?locale=fr"));

    const pass = opened.passJson;
    expect(pass).not.toHaveProperty("generic");
    const ticket = fieldsOf(pass, "eventTicket");
    expect(valueOf(ticket, "item")).toBe("Limited sneaker");
    expect(valueOf(ticket, "holder")).toBe(`${items.name.uns_name.slice(0, 2)}***${items.name.uns_name.at(-1)}`);
    expect(ticket.primaryFields![0]!.label).toBe("Jumeau numérique");
    expect(pass).toMatchObject({ serialNumber: items.twin.id, backgroundColor: "rgb(17, 34, 51)", labelColor: "rgb(170, 187, 204)" });
    expect(pass.barcodes![0]!.message).toBe(items.twin.verifyUrl);
    expect(smimeVerify(opened, material.caFile).ok).toBe(true);
  });

  it("gives a card claimed with no wallet (held by the shop) its pass, saying the shop holds it", async () => {
    const items = await collection();
    const customerId = uniqueCustomerId();
    await redeem(items.shop, { code: items.code, owner: `shopify|${customerId}` }, { address: uniqueClientAddress() });

    const opened = await pkpass(await passFromProxy(items.shop, customerId, items.pending.id));

    const generic = fieldsOf(opened.passJson, "generic");
    expect(valueOf(generic, "item")).toBe("Secret gift");
    expect(valueOf(generic, "holder")).toBe(`${SHOP_NAME}, for you`);
    // Outside an edition: no serial field.
    expect(valueOf(generic, "serial")).toBeUndefined();
    const archive = [...opened.files.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    for (const value of [items.code, items.email, items.phone, items.secret.value, customerId]) expect(archive).not.toContain(value);
  });

  it("draws an SVG logo and an AVIF picture at Wallet's sizes, as PNG", async () => {
    const items = await collection({ logoUrl: `${imageBase}/logo.svg`, pictureUrl: `${imageBase}/picture.avif` });

    const opened = await pkpass(await passFromProxy(items.shop, items.customerId, items.card.id));

    for (const name of ["icon@3x.png", "logo@2x.png", "thumbnail@3x.png"]) expect([...opened.files.keys()]).toContain(name);
    // The SVG's 40 × 16 drawn to fill the logo's 320 × 100 box at 2x (aspect kept), sharp, not blown up from 40 px.
    const logo = await sharp(opened.files.get("logo@2x.png")!).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(["png", 250, 100]);
    const { dominant } = await sharp(opened.files.get("logo@2x.png")!).stats();
    expect(dominant).toMatchObject({ r: expect.closeTo(0xc0, -1.5), g: expect.closeTo(0x39, -1.5) });
    const thumbnail = await sharp(opened.files.get("thumbnail@3x.png")!).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(["png", 270, 203]);
    expect(smimeVerify(opened, material.caFile).ok).toBe(true);
  });

  it("leaves out a logo or picture that cannot be read, and still signs the pass with the default icon", async () => {
    const items = await collection({ logoUrl: `${imageBase}/not-an-image.png`, pictureUrl: `${imageBase}/missing.jpg` });

    const opened = await pkpass(await passFromProxy(items.shop, items.customerId, items.card.id));

    // No logo.png, no thumbnail.png; the English shop's strings only (decision 0067).
    expect([...opened.files.keys()].sort()).toEqual([
      "en.lproj/pass.strings",
      "icon.png",
      "icon@2x.png",
      "icon@3x.png",
      "manifest.json",
      "pass.json",
      "signature",
    ]);
    expect(smimeVerify(opened, material.caFile).ok).toBe(true);
  });

  it("gives the customer account the same pass with its session token, and 401 without one", async () => {
    const items = await collection();
    const call = (token?: string) =>
      fetch(`${signing.url}/customer-account/passes/${items.card.id}`, {
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), Origin: EXTENSION_ORIGIN, "User-Agent": USER_AGENT },
      });

    const opened = await pkpass(await call(accountToken(items.shop, items.customerId)));
    expect(opened.passJson.serialNumber).toBe(items.card.id);
    expect(smimeVerify(opened, material.caFile).ok).toBe(true);

    // The account page's button points at the storefront's pass route, where the customer is logged in too.
    const holdings = await fetch(`${signing.url}/customer-account/holdings`, {
      headers: {
        Authorization: `Bearer ${accountToken(items.shop, items.customerId)}`,
        Origin: EXTENSION_ORIGIN,
        "User-Agent": USER_AGENT,
      },
    });
    expect(((await holdings.json()) as { data: { applePassesUrl: string } }).data.applePassesUrl).toBe(
      `https://${items.shop}/apps/twincards/passes`,
    );

    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    const other = await call(accountToken(items.shop, uniqueCustomerId()));
    expect(other.status).toBe(404);
  });

  it("offers the logged-in holder, and only them, the pass and the certificate on the item's verify page", async () => {
    const items = await collection();
    const verifyPath = `/proxy/v/${items.card.verifyUrl.split("/").at(-1)}`;
    const pageFor = async (customerId: string | null) =>
      renderedPage(await proxyFetch(signedProxyUrl(verifyPath, { shop: items.shop, customerId, baseUrl: signing.url })));

    const holder = await pageFor(items.customerId);
    const stranger = await pageFor(uniqueCustomerId());
    const loggedOut = await pageFor(null);

    expect(holder).toContain(`href="/apps/twincards/passes/${items.card.id}.pkpass?locale=en"`);
    expect(holder).toContain(`href="/apps/twincards/certificate/${items.card.id}?size=a4&amp;lang=en"`);
    expect(holder).toContain("This is yours");
    for (const page of [stranger, loggedOut]) {
      expect(page).toContain("Gold membership");
      expect(page).not.toContain("/passes/");
      expect(page).not.toContain("/certificate/");
      expect(page).not.toContain("This is yours");
    }
  });

  it("tells My cards and the claim that passes are offered", async () => {
    const items = await collection();
    const cards = await proxyFetch(
      signedProxyUrl("/proxy/cards", { shop: items.shop, customerId: items.customerId, baseUrl: signing.url }),
    );
    expect(((await cards.json()) as { data: { appleWalletPasses: boolean } }).data.appleWalletPasses).toBe(true);
    const shared = await proxyFetch(signedProxyUrl("/proxy/cards", { shop: items.shop, customerId: items.customerId }));
    expect(((await shared.json()) as { data: { appleWalletPasses: boolean } }).data.appleWalletPasses).toBe(false);
  });
});

describe("Apple Wallet passes refused", () => {
  const refusal = async (response: Response, status: number, code: string, message: RegExp) => {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
  };

  it("refuses every pass while the signing material is missing (503, what is missing), and changes nothing", async () => {
    const items = await collection();
    const before = await db.shopSetup.findUnique({ where: { shop: items.shop } });

    // The shared server runs without any APPLE_* variable.
    const response = await proxyFetch(
      signedProxyUrl(`/proxy/passes/${items.card.id}`, { shop: items.shop, customerId: items.customerId }),
      {
        headers: { Accept: "application/json" },
      },
    );

    await refusal(response, 503, "UNAVAILABLE", /Apple Wallet signing certificate is not configured/);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await db.shopSetup.findUnique({ where: { shop: items.shop } })).toEqual(before);
  });

  it("refuses someone else's item, another shop's, an unknown id and a malformed one with 404", async () => {
    const items = await collection();
    const cases = [
      passJson(items.shop, uniqueCustomerId(), items.card.id),
      passJson(items.shop, uniqueCustomerId(), items.twin.id),
      passJson(uniqueShop(), items.customerId, items.card.id),
      passJson(items.shop, items.customerId, `card_${"0".repeat(26)}`),
      passJson(items.shop, items.customerId, "..%2Fcards"),
    ];
    for (const response of await Promise.all(cases)) await refusal(response, 404, "NOT_FOUND", /Card or twin not found/);
  });

  it("refuses a card still waiting for its claim (409) and a voided one (410)", async () => {
    const items = await collection();
    await refusal(await passJson(items.shop, items.customerId, items.pending.id), 409, "CONFLICT", /not been claimed yet/);
    await voidCard(items.shop, items.pending.id);
    await refusal(await passJson(items.shop, items.customerId, items.pending.id), 410, "VOIDED", /void/);
  });

  it("refuses a card its holder is giving away (409), and someone else asking for it sees none (404)", async () => {
    const items = await collection();
    await giveCard(items.shop, items.owner, items.card.id, { email: `friend-${randomUUID().slice(0, 6)}@example.com` });

    await refusal(await passJson(items.shop, items.customerId, items.card.id), 409, "CONFLICT", /being given/);
    await refusal(await passJson(items.shop, uniqueCustomerId(), items.card.id), 404, "NOT_FOUND", /Card or twin not found/);
  });

  it("asks a logged-out visitor to log in (401) and refuses other methods (405)", async () => {
    const items = await collection();
    const loggedOut = await passJson(items.shop, null, items.card.id);
    await refusal(loggedOut, 401, "UNAUTHENTICATED", /Log in/);
    const post = await proxyFetch(
      signedProxyUrl(`/proxy/passes/${items.card.id}`, { shop: items.shop, customerId: items.customerId, baseUrl: signing.url }),
      {
        method: "POST",
      },
    );
    expect(post.status).toBe(405);
  });
});

describe("Apple Wallet passes refused to a shopper's tap", () => {
  it("answers with a page in the language of the page tapped on, the refusal's status and My cards, never a pass", async () => {
    const items = await collection();
    const tap = (customerId: string | null, id: string, base = signing.url) =>
      passFromProxy(items.shop, customerId, `${id}.pkpass`, base, "?locale=fr");

    const stranger = await refusalPage(await tap(uniqueCustomerId(), items.card.id), 404);
    expect(stranger.text).toContain("Impossible de l’ajouter à Apple Wallet");
    expect(stranger.text).toContain("Cette carte ou ce jumeau numérique n’est pas dans votre collection");
    expectNoEnglish(stranger.text);
    expect((await refusalPage(await tap(items.customerId, items.pending.id), 409)).text).toContain(
      "Cette carte n’a pas encore été récupérée : récupérez-la d’abord",
    );
    const loggedOut = await refusalPage(await tap(null, items.card.id), 401);
    expect(loggedOut.text).toContain("Connectez-vous pour télécharger les certificats de vos cartes");
    expect(loggedOut.page).toContain(">Se connecter</a>");
    expectNoEnglish(loggedOut.text);

    await giveCard(items.shop, items.owner, items.card.id, { email: `friend-${randomUUID().slice(0, 6)}@example.com` });
    const giving = await refusalPage(await tap(items.customerId, items.card.id), 409);
    expect(giving.text).toContain("Vous offrez cette carte : vous pourrez de nouveau l’ajouter si vous reprenez le cadeau.");
    await voidCard(items.shop, items.pending.id);
    const voided = await refusalPage(await tap(items.customerId, items.pending.id), 410);
    expect(voided.text).toContain("La boutique a annulé cette carte");
    expectNoEnglish(voided.text);

    // The shared server cannot sign passes: 503, said to the shopper, no Retry-After (waiting does not help).
    const off = await tap(items.customerId, items.twin.id, baseUrl);
    expect(off.headers.get("retry-after")).toBeNull();
    const offPage = await refusalPage(off, 503);
    expect(offPage.text).toContain("Les cartes Apple Wallet ne sont pas disponibles dans cette boutique.");
    expectNoEnglish(offPage.text);

    // With no language on the link, the English shop's words.
    const english = await refusalPage(await passFromProxy(items.shop, uniqueCustomerId(), items.twin.id), 404);
    expect(english.text).toContain("This can’t be added to Apple Wallet");
    expect(english.page).toContain(`href="/apps/twincards?lang=en">My cards</a>`);
  });
});

describe("Apple Wallet signing material checked at start", () => {
  it("says in one line what is missing, and starts with passes off", async () => {
    const server = await startServer({ ...TEST_ENV, APPLE_PASS_TYPE_ID: material.passTypeId, APPLE_TEAM_ID: material.teamId });
    try {
      const lines = server
        .stdout()
        .split("\n")
        .filter((line) => line.includes("Apple Wallet"));
      expect(lines).toEqual([
        "Apple Wallet passes off: APPLE_PASS_CERTIFICATE, APPLE_PASS_KEY, APPLE_WWDR_CERTIFICATE are required with the other Apple Wallet variables (docs/configuration.md)",
      ]);
      const items = await collection();
      const response = await passFromProxy(items.shop, items.customerId, items.card.id, server.url);
      expect(response.status).toBe(503);
    } finally {
      await server.stop();
    }
  });

  it("says when the key is not the certificate's, and when it is on", async () => {
    const other = makeSigningMaterial();
    const server = await startServer({ ...TEST_ENV, ...material.env, APPLE_PASS_KEY: other.keyFile });
    try {
      expect(server.stdout()).toContain("Apple Wallet passes off: APPLE_PASS_KEY is not the key of APPLE_PASS_CERTIFICATE");
    } finally {
      await server.stop();
    }
    expect(signing.stdout()).toContain(`Apple Wallet passes on: ${material.passTypeId}, team ${material.teamId}`);
  });

  it("turns passes off when the team id is not the certificate's OU: the reason once at start and in Settings, passes refused", async () => {
    const server = await startServer({
      ...TEST_ENV,
      SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"),
      ...material.env,
      APPLE_TEAM_ID: "Z9Y8X7W6V5",
    });
    try {
      const reason = `APPLE_TEAM_ID is Z9Y8X7W6V5, but APPLE_PASS_CERTIFICATE belongs to team ${material.teamId}`;
      const lines = server
        .stdout()
        .split("\n")
        .filter((line) => line.includes("Apple Wallet"));
      expect(lines).toEqual([`Apple Wallet passes off: ${reason} (docs/configuration.md)`]);

      const items = await collection();
      expect((await passFromProxy(items.shop, items.customerId, items.card.id, server.url)).status).toBe(503);
      const shop = uniqueShop();
      const page = await getPage("/app/settings", shop, { base: server.url });
      expect(page.text).toContain("Apple Wallet passes are off: customers see no Add to Apple Wallet button.");
      expect(page.text).toContain(`What is wrong: ${reason}`);
      const french = await getPage("/app/settings?locale=fr", shop, { base: server.url });
      expect(french.text).toContain("Les cartes Apple Wallet sont désactivées");
      // The reason in the admin's language too (issue 39, item 8), the variables and values as they are.
      expect(french.text).toContain(
        `Ce qui ne va pas : APPLE_TEAM_ID vaut Z9Y8X7W6V5, mais APPLE_PASS_CERTIFICATE appartient à l’équipe ${material.teamId}`,
      );
      expect(french.text).not.toContain(reason);
    } finally {
      await server.stop();
    }
  });
});

describe("Settings → Apple Wallet passes", () => {
  it("says passes are off and which variables to set, on a server without signing material, in English and French", async () => {
    const shop = uniqueShop();

    const page = await getPage("/app/settings", shop);
    const french = await getPage("/app/settings?locale=fr", shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Apple Wallet passes are off: customers see no Add to Apple Wallet button.");
    for (const variable of ["APPLE_PASS_TYPE_ID", "APPLE_TEAM_ID", "APPLE_PASS_CERTIFICATE", "APPLE_PASS_KEY", "APPLE_WWDR_CERTIFICATE"])
      expect(page.text).toContain(variable);
    expect(french.text).toContain("Les cartes Apple Wallet sont désactivées");
  });

  it("says passes are on where the material is configured", async () => {
    const page = await getPage("/app/settings", uniqueShop(), { base: signing.url });

    expect(page.text).toContain("Apple Wallet passes are on: customers see Add to Apple Wallet.");
    expect(page.text).not.toContain("APPLE_PASS_KEY");
    // Without APNs token auth (decision 0047) passes do not update, and Settings says what to set.
    expect(page.text).toContain("Passes on customers' phones do not update: whoever runs the app sets APNS_KEY_ID and APNS_KEY");
  });

  it("saves the style per kind and the colours, and refuses a bad colour or style naming the field, saving nothing", async () => {
    const shop = uniqueShop();
    const fields = {
      intent: "wallet-passes",
      cardStyle: "eventTicket",
      twinStyle: "generic",
      backgroundColor: "#0a0a0a",
      foregroundColor: "#FFFFFF",
      labelColor: "#CCCCCC",
    };

    const saved = await submitFetcher("/app/settings", shop, fields);

    expect(saved.result).toMatchObject({ ok: true });
    expect(await db.shopSetup.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      passStyleCard: "eventTicket",
      passBackgroundColor: "#0A0A0A",
    });

    const bad = await submitFetcher("/app/settings", shop, {
      ...fields,
      cardStyle: "boardingPass",
      backgroundColor: "black",
      twinStyle: "eventTicket",
    });

    expect(bad.result).toMatchObject({
      ok: false,
      fieldErrors: { cardStyle: "Must be generic or eventTicket", backgroundColor: "Must be a colour as #RRGGBB, e.g. #1F2937" },
    });
    expect(await db.shopSetup.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      passStyleCard: "eventTicket",
      passStyleTwin: "generic",
    });
  });
});

describe("Add to Apple Wallet on the pages that work without JavaScript", () => {
  it("links each owned card and twin on /apps/twincards and each claimed card after a form claim, in the page's language", async () => {
    const items = await collection();
    const page = await proxyFetch(signedProxyUrl("/proxy", { shop: items.shop, customerId: items.customerId, baseUrl: signing.url }));
    const french = await renderedPage(page.clone(), "fr");
    const english = await renderedPage(page, "en");

    expect(english).toContain(
      `href="/apps/twincards/passes/${items.card.id}.pkpass?locale=en" aria-label="Add to Apple Wallet: Gold membership"`,
    );
    expect(english).toContain(`href="/apps/twincards/passes/${items.twin.id}.pkpass?locale=en"`);
    expect(french).toContain(
      `href="/apps/twincards/passes/${items.card.id}.pkpass?locale=fr" aria-label="Ajouter à Apple Wallet: Gold membership"`,
    );

    const customerId = uniqueCustomerId();
    const claimed = await proxyFetch(signedProxyUrl("/proxy/redeem", { shop: items.shop, customerId, baseUrl: signing.url }), {
      method: "POST",
      body: new URLSearchParams({ code: items.code }),
    });
    expect(claimed.status).toBe(200);
    expect(await renderedPage(claimed)).toContain(`href="/apps/twincards/passes/${items.pending.id}.pkpass?locale=en"`);

    // Every button is written (a page without JavaScript shows it), marked with its wallet for the script
    // that hides the one the device does not have (decision 0074); the script rides only with buttons.
    expect(english).toContain(`<p data-twincards-wallet="apple"><a class="twincards-wallet" href="/apps/twincards/passes/${items.card.id}`);
    expect(english.match(/document\.querySelectorAll\('\[data-twincards-wallet="'/g)).toHaveLength(1);

    // Without signing material, no link, and no script.
    const shared = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop: items.shop, customerId: items.customerId })));
    expect(shared).not.toContain("Apple Wallet");
    expect(shared).not.toContain("data-twincards-wallet");
  });
});
