import { randomUUID } from "node:crypto";
import { PageSizes } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { voidCard } from "~/domain/card-void.server";
import { giveCard } from "~/domain/gifts.server";
import { createCard, createCardBatch, createCardFor } from "~/domain/cards.server";
import { createCardInput, parseInput } from "~/domain/schemas";
import { setViewTestData } from "~/domain/test-data-view.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { adminToken, baseUrl, getPage } from "../support/admin";
import { uniqueShop, USER_AGENT } from "../support/api";
import { proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { expectNoEnglish, refusalPage } from "../support/download-refusal";
import { isPdf, readPdf } from "../support/pdf";
import { adminApiStubUrl, setStubShop } from "../support/stub-shop";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";

/*
 * Printable certificates (issue 28, item 6; docs/decisions/0044-printable-certificates.md):
 * the PDF the admin and the storefront hand out, parsed back with pdf.js and
 * pdf-lib's parser, its QR code read with jsQR; and every refusal, which is no PDF.
 */

const LOGO = () => `${adminApiStubUrl}/images/logo.png`;
const SIZE_POINTS = { a6: PageSizes.A6, a4: PageSizes.A4, letter: PageSizes.Letter } as const;

/** A shop whose merchant opened the admin: the app read its name, logo, language and zone from Shopify. */
async function shopNamed(name: string, primaryLocale: string) {
  const shop = uniqueShop();
  await setStubShop(shop, { name, logoUrl: "/images/logo.png", primaryLocale, timeZone: "Europe/Paris" });
  expect((await getPage("/app", shop)).status).toBe(200);
  return shop;
}

/** A customer with a universal name, a twin issued to it, a batch of two cards they own (one with a PRIVATE entry), a pending card. */
async function collection(shop: string, options: { pictureUrl?: string; cardName?: string } = {}) {
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const secret = `secret-${randomUUID().slice(0, 8)}`;
  const name = await registerName(shop, { name: uniqueName("janedoe"), publicKey: walletKey(), owner });
  const pictureUrl = options.pictureUrl ?? LOGO();
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Limited sneaker",
    quantity: 1,
    images: [pictureUrl],
  });
  const cards = await createCardBatch(shop, {
    owner,
    publicKey: name.public_key,
    cards: [options.cardName ?? "Gold membership", "Silver membership"].map((cardName) => ({
      name: cardName,
      media: { imageUrls: [pictureUrl], videoUrls: [] },
      metadata: [{ key: "vault", value: secret, visibility: "PRIVATE" }],
    })),
  });
  const email = `jane.${randomUUID().slice(0, 6)}@example.com`;
  const pending = await createCard(shop, { name: "Secret gift", email, media: { imageUrls: [], videoUrls: [] } });
  return { customerId, owner, name, twin, card: cards[0]!, sibling: cards[1]!, pending, email, secret, code: pending.redemption!.code! };
}

const adminGet = (shop: string, path: string) =>
  fetch(`${baseUrl}${path}`, { headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(shop)}` } });
const certificate = (shop: string, id: string, size: string) => adminGet(shop, `/app/certificate/${id}?size=${size}`);

async function pdfOf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(isPdf(bytes)).toBe(true);
  return { bytes, pages: await readPdf(bytes) };
}

/** A refusal: the status, a JSON message and no PDF. */
async function expectRefusal(response: Response, status: number, message: RegExp, path?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = await response.text();
  expect(body.startsWith("%PDF")).toBe(false);
  const { error } = JSON.parse(body) as { error: { message: string; details: { path: string }[] } };
  expect(error.message).toMatch(message);
  if (path) expect(error.details.map((detail) => detail.path)).toContain(path);
}

describe("GET /app/certificate/<id>: one item's certificate for the merchant", () => {
  it("prints a twin on A6, A4 and Letter pages: name, holder masked, date, verification text, logo and a QR code that opens its verify page", async () => {
    const shop = await shopNamed("Harbor & Pine", "en-US");
    const items = await collection(shop);
    for (const size of ["a6", "a4", "letter"] as const) {
      const response = await certificate(shop, items.twin.id, size);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${items.twin.id}-${size}.pdf"`);
      const { pages } = await pdfOf(response);
      expect(pages).toHaveLength(1);
      const [page] = pages;
      expect([page!.width, page!.height].map(Math.round)).toEqual(SIZE_POINTS[size].map(Math.round));
      expect(page!.text).toContain("Harbor & Pine");
      expect(page!.text).toContain("CERTIFICATE OF AUTHENTICITY");
      expect(page!.text).toContain("Limited sneaker");
      expect(page!.text).toMatch(/Issued on \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(page!.text).toContain(`Held by ${items.name.uns_name.slice(0, 2)}***${items.name.uns_name.at(-1)}`);
      expect(page!.text).toContain("To check this item, scan the code");
      // The QR code, the logo and the picture (the same PNG here, embedded once).
      expect(page!.images.length).toBeGreaterThanOrEqual(2);
      expect(page!.images.map((image) => image.qr)).toContain(items.twin.verifyUrl);
    }
  });

  it("prints a card of a batch in the shop's French: serial, accents and the French verification text, and nothing private", async () => {
    const shop = await shopNamed("Maison Lumière", "fr");
    const items = await collection(shop, { cardName: "Carte dorée — édition été" });
    const { bytes, pages } = await pdfOf(await certificate(shop, items.card.id, "a4"));
    const text = pages[0]!.text;
    expect(text).toContain("Maison Lumière");
    expect(text).toContain("CERTIFICAT D’AUTHENTICITÉ");
    expect(text).toContain("Carte dorée — édition été");
    expect(text).toContain("nº 1 sur 2");
    expect(text).toMatch(/Émis le \d{1,2} [a-zéû]+\.? \d{4}/);
    expect(text).toContain("Détenu par");
    expect(text).toContain("Pour vérifier cet article, scannez le code");
    expect(pages[0]!.images.map((image) => image.qr)).toContain(items.card.verifyUrl);
    // Nothing the verify page would not show: not in the text, not anywhere in the file.
    const raw = Buffer.from(bytes).toString("latin1");
    for (const secret of [
      items.secret,
      items.customerId,
      items.owner,
      items.name.public_key,
      items.name.uns_name,
      items.email,
      items.code,
    ]) {
      expect(text).not.toContain(secret);
      expect(raw).not.toContain(secret);
    }
  });

  it("drops characters the PDF's standard fonts cannot draw (emoji, CJK) and keeps the base of an accented letter they lack", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop, { cardName: "Gold ⭐ pass 金 Dvořák Erdős" });
    const { pages } = await pdfOf(await certificate(shop, items.card.id, "a6"));
    expect(pages[0]!.text).toContain("Gold pass Dvorák Erdos");
    expect(pages[0]!.images.map((image) => image.qr)).toContain(items.card.verifyUrl);

    const cjk = await collection(shop, { cardName: "金色のカード" });
    const { pages: cjkPages } = await pdfOf(await certificate(shop, cjk.card.id, "a6"));
    expect(cjkPages[0]!.text).toContain("CERTIFICATE OF AUTHENTICITY — #1 of 2");
    expect(cjkPages[0]!.images.map((image) => image.qr)).toContain(cjk.card.verifyUrl);
  });

  it("draws a product picture served as SVG (the demo catalogue's), as a raster image beside the QR code", async () => {
    const svgPicture = `${adminApiStubUrl}/images/${DEMO_PRODUCTS[0]!.imageFiles[0]}`;
    const shop = uniqueShop();
    const items = await collection(shop, { pictureUrl: svgPicture });
    const { pages } = await pdfOf(await certificate(shop, items.card.id, "a6"));
    // No logo (a shop the app never read): the picture and the QR code.
    expect(pages[0]!.images).toHaveLength(2);
    const picture = pages[0]!.images.find((image) => image.qr === null)!;
    // The stub's 800 × 800 SVG drawn at print resolution (1,200 px), not at its CSS size.
    expect([picture.width, picture.height]).toEqual([1200, 1200]);
    expect(pages[0]!.images.map((image) => image.qr)).toContain(items.card.verifyUrl);
  });

  it("leaves out a picture it cannot read (unreachable, or missing) and still answers a valid PDF with its QR code", async () => {
    for (const pictureUrl of ["http://127.0.0.1:1/missing.png", `${adminApiStubUrl}/images/does-not-exist.png`]) {
      const shop = uniqueShop();
      const items = await collection(shop, { pictureUrl });
      const { pages } = await pdfOf(await certificate(shop, items.card.id, "a6"));
      // A shop the app never read: its domain for a name, no logo, English.
      expect(pages[0]!.text).toContain(shop);
      expect(pages[0]!.images).toHaveLength(1);
      expect(pages[0]!.images[0]!.qr).toBe(items.card.verifyUrl);
    }
  });

  it("says on a test item's certificate that it is not valid, and prints it only while the admin views test data", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const owner = `shopify|${uniqueCustomerId()}`;
    const input = { name: "Sandbox pass", owner, publicKey: walletKey(), media: { imageUrls: [], videoUrls: [] } };
    const test = await createCardFor(shop, parseInput(createCardInput, input), false);
    await expectRefusal(await certificate(shop, test.id, "a6"), 404, /not found/);
    await setViewTestData(shop, true);
    const { pages } = await pdfOf(await certificate(shop, test.id, "a6"));
    expect(pages[0]!.text).toContain("Test item: not a valid certificate");
    expect(pages[0]!.text).toContain("Sandbox pass");
  });

  it("refuses an unclaimed card (409), a voided one (410), an unknown id or another shop's (404) and another size (422), with no PDF", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    await expectRefusal(await certificate(shop, items.pending.id, "a6"), 409, /not claimed yet/);
    const voided = await createCard(shop, { name: "Voided", email: "v@example.com", media: { imageUrls: [], videoUrls: [] } });
    await voidCard(shop, voided.id);
    await expectRefusal(await certificate(shop, voided.id, "a6"), 410, /voided/);
    await expectRefusal(await certificate(shop, "card_01ARZ3NDEKTSV4RRFFQ69G5FAV", "a6"), 404, /not found/);
    await expectRefusal(await certificate(shop, "nonsense", "a6"), 404, /not found/);
    await expectRefusal(await certificate(uniqueShop(), items.card.id, "a6"), 404, /not found/);
    await expectRefusal(await certificate(uniqueShop(), items.twin.id, "a4"), 404, /not found/);
    await expectRefusal(await certificate(shop, items.card.id, "a3"), 422, /a6, a4 or letter/, "size");
    const anonymous = await fetch(`${baseUrl}/app/certificate/${items.card.id}?size=a6`, {
      headers: { "User-Agent": USER_AGENT },
      redirect: "manual",
    });
    expect(anonymous.headers.get("content-type")).not.toBe("application/pdf");
  });
});

describe("GET /app/certificates: label sheets, four certificates a page", () => {
  it("prints five items on two Letter pages, each label with its own QR code", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const first = await collection(shop);
    const second = await collection(shop);
    const ids = [first.card.id, first.sibling.id, first.twin.id, second.card.id, second.twin.id];
    const response = await adminGet(shop, `/app/certificates?size=letter&ids=${ids.join(",")}`);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="certificate-labels-letter.pdf"');
    const { pages } = await pdfOf(response);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect([page.width, page.height]).toEqual(PageSizes.Letter);
    expect(pages[0]!.text.match(/Gold membership/g)).toHaveLength(2);
    expect(pages[0]!.text).toContain("Silver membership");
    expect(pages[0]!.text).toContain("Limited sneaker");
    expect(pages[1]!.text).toContain("Limited sneaker");
    const codes = pages.flatMap((page) => page.images.map((image) => image.qr)).filter(Boolean);
    expect(new Set(codes)).toEqual(
      new Set([first.card.verifyUrl, first.sibling.verifyUrl, first.twin.verifyUrl, second.card.verifyUrl, second.twin.verifyUrl]),
    );
  });

  it("refuses the whole sheet when one item cannot be printed, naming it, and refuses an A6 sheet or no ids", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    await expectRefusal(
      await adminGet(shop, `/app/certificates?size=a4&ids=${items.card.id},${items.pending.id}`),
      409,
      new RegExp(`^${items.pending.id}: This card is not claimed yet`),
      "ids[1]",
    );
    await expectRefusal(await adminGet(shop, `/app/certificates?size=a6&ids=${items.card.id}`), 422, /a4 or letter/, "size");
    await expectRefusal(await adminGet(shop, `/app/certificates?size=a4&ids=`), 422, /at least one/, "ids");
  });
});

describe("GET /apps/twincards/certificate/<id>: the holder's own certificate on the storefront", () => {
  const download = (shop: string, id: string, customerId: string | undefined, size = "a4", init: RequestInit = {}) =>
    proxyFetch(signedProxyUrl(`/proxy/certificate/${id}?size=${size}`, { shop, customerId }), init);
  /** As a script asks: the refusal in the JSON envelope. */
  const downloadJson = (shop: string, id: string, customerId: string | undefined, size = "a4") =>
    download(shop, id, customerId, size, { headers: { Accept: "application/json" } });

  it("gives the logged-in customer their card and their twin", async () => {
    const shop = await shopNamed("Maison Lumière", "fr-FR");
    const items = await collection(shop);
    for (const item of [items.card, items.twin]) {
      const { pages } = await pdfOf(await download(shop, item.id, items.customerId));
      expect([pages[0]!.width, pages[0]!.height]).toEqual(PageSizes.A4);
      expect(pages[0]!.text).toContain("CERTIFICAT D’AUTHENTICITÉ");
      expect(pages[0]!.images.map((image) => image.qr)).toContain(item.verifyUrl);
    }
    const { pages } = await pdfOf(await download(shop, items.card.id, items.customerId, "letter"));
    expect([pages[0]!.width, pages[0]!.height]).toEqual(PageSizes.Letter);
  });

  it("gives the giver the certificate of a card they are giving, still theirs until it is claimed, and the admin too", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    const given = await giveCard(shop, items.owner, items.card.id, { email: "friend@example.com" });
    expect(given.status).toBe("PENDING_TRANSFER");
    const { pages } = await pdfOf(await download(shop, items.card.id, items.customerId));
    expect(pages[0]!.images.map((image) => image.qr)).toContain(items.card.verifyUrl);
    await pdfOf(await certificate(shop, items.card.id, "a6"));
    const page = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId: items.customerId })));
    expect(page).toContain(`href="/apps/twincards/certificate/${items.card.id}?size=a4&amp;lang=en" download`);
  });

  it("links each owned card and twin of the My cards page to its certificate, in the storefront's language", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    const page = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId: items.customerId })), "fr");
    for (const item of [items.card, items.sibling, items.twin]) {
      expect(page).toContain(`href="/apps/twincards/certificate/${item.id}?size=a4&amp;lang=fr" download`);
    }
    expect(page).toContain(`aria-label="Télécharger le certificat (PDF): Gold membership"`);
    expect(page.match(/\/certificate\//g)).toHaveLength(3);
  });

  it("gives one customer 20 certificates in a burst, then 429 with Retry-After, while another customer still gets theirs", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const [first, second] = [await collection(shop), await collection(shop)];
    // One token comes back every 3 s: a few more than 20 may pass while the burst runs.
    let granted = 0;
    let limited: Response | null = null;
    while (!limited && granted < 30) {
      const response = await download(shop, first.twin.id, first.customerId, "a6");
      if (response.status === 200) granted += 1;
      else limited = response;
      await response.body?.cancel();
    }
    expect(granted).toBeGreaterThanOrEqual(20);
    expect(granted).toBeLessThan(30);
    expect(limited!.status).toBe(429);
    expect(limited!.headers.get("content-type")).toBe("application/liquid");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expectRefusal(await downloadJson(shop, first.twin.id, first.customerId, "a6"), 429, /Too many certificates/);
    await pdfOf(await download(shop, second.twin.id, second.customerId, "a6"));
  });

  it("refuses another customer's item, an unclaimed or voided card, an unknown id (404), a logged-out visitor (401) and an unsigned request (400)", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    const stranger = uniqueCustomerId();
    await expectRefusal(await downloadJson(shop, items.card.id, stranger), 404, /not found/);
    await expectRefusal(await downloadJson(shop, items.twin.id, stranger), 404, /not found/);
    await expectRefusal(await downloadJson(shop, items.pending.id, items.customerId), 404, /not found/);
    const voided = await createCard(shop, { name: "Voided", email: "v@example.com", media: { imageUrls: [], videoUrls: [] } });
    await voidCard(shop, voided.id);
    await expectRefusal(await downloadJson(shop, voided.id, items.customerId), 404, /not found/);
    await expectRefusal(await downloadJson(shop, "card_01ARZ3NDEKTSV4RRFFQ69G5FAV", items.customerId), 404, /not found/);
    await expectRefusal(await downloadJson(uniqueShop(), items.card.id, items.customerId), 404, /not found/);
    await expectRefusal(await downloadJson(shop, items.card.id, items.customerId, "a3"), 422, /a6, a4 or letter/, "size");
    await expectRefusal(await downloadJson(shop, items.card.id, undefined), 401, /Log in/);
    const unsigned = await proxyFetch(
      `${baseUrl}/proxy/certificate/${items.card.id}?shop=${shop}&logged_in_customer_id=${items.customerId}`,
    );
    expect(unsigned.status).toBe(400);
    expect(unsigned.headers.get("content-type")).not.toBe("application/pdf");
  });

  it("answers a shopper's tap refused with a page in their language, its status and a way back to My cards", async () => {
    const shop = await shopNamed("Harbor & Pine", "en");
    const items = await collection(shop);
    // The link as a French page writes it (the customer account's link too): `?lang=fr` on an English shop.
    const tap = (id: string, customerId: string | undefined, size = "a4") =>
      proxyFetch(signedProxyUrl(`/proxy/certificate/${id}?size=${size}&lang=fr`, { shop, customerId }));

    const stranger = await refusalPage(await tap(items.card.id, uniqueCustomerId()), 404);
    expect(stranger.text).toContain("Ce certificat ne peut pas être téléchargé");
    expect(stranger.text).toContain("Cette carte ou ce jumeau numérique n’est pas dans votre collection");
    expect(stranger.text).toContain("Mes cartes");
    expectNoEnglish(stranger.text);
    expect(stranger.page).not.toContain(items.card.name);

    const loggedOut = await refusalPage(await tap(items.card.id, undefined), 401);
    expect(loggedOut.text).toContain("Connectez-vous pour télécharger les certificats");
    expect(loggedOut.page).toContain(`href="/account/login?return_url=${encodeURIComponent("/apps/twincards?lang=fr")}">Se connecter</a>`);
    expectNoEnglish(loggedOut.text);

    const unclaimed = await refusalPage(await tap(items.pending.id, items.customerId), 404);
    expect(unclaimed.text).toContain("n’est pas dans votre collection");
    const size = await refusalPage(await tap(items.card.id, items.customerId, "a3"), 422);
    expect(size.text).toContain("Ce lien n’est pas valide.");
    expectNoEnglish(size.text);

    // A French shop, no language asked: French; on a storefront the shopper switched to English (/en/...): English.
    const frenchShop = await shopNamed("Maison Lumière", "fr-FR");
    const theirs = await collection(frenchShop);
    const untold = () =>
      proxyFetch(signedProxyUrl(`/proxy/certificate/${theirs.card.id}`, { shop: frenchShop, customerId: uniqueCustomerId() }));
    expect((await refusalPage(await untold(), 404, "fr", { primary: true })).text).toContain("n’est pas dans votre collection");
    const english = await refusalPage(await untold(), 404, "en", { primary: false, root: "/en" });
    expect(english.text).toContain("This card or digital twin isn’t in your collection");
    expect(english.text).not.toContain("collection :");
    expect(english.page).toContain(`href="/en/apps/twincards?lang=en">My cards</a>`);

    // Nothing was downloaded by any of these: the customer's own still is.
    await pdfOf(await download(shop, items.card.id, items.customerId));
  });
});
