import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCardBatch } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { proxyFetch, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { isPdf, readPdf } from "../support/pdf";
import { startServer, type AppProcess } from "../support/processes";
import { setStubShop } from "../support/stub-shop";
import { TEST_ENV } from "../support/test-env";
import { makeSigningMaterial, removePassFiles, unzipPass, type TestSigningMaterial } from "../support/wallet-pass";

/*
 * Certificates and Apple passes in the viewer's language (issue 39, item 3): the storefront's
 * certificate PDF follows the shopper's language (the link's `?lang=`, the shop's primary when the
 * app has no words for it), and a pass is written in the page's language with a `<language>.lproj/pass.strings`
 * for each language the shop publishes and the app speaks. The PDF's text is read back with pdf.js; the
 * pass is unzipped.
 */

let material: TestSigningMaterial;
let signing: AppProcess;

beforeAll(async () => {
  material = makeSigningMaterial();
  signing = await startServer({ ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"), ...material.env });
});
afterAll(async () => {
  await signing?.stop();
  removePassFiles();
});

/** A shop whose merchant opened the admin (the app holds its token and its profile), publishing these languages. */
async function shopIn(primaryLocale: string, otherLocales: string[]) {
  const shop = uniqueShop();
  await setStubShop(shop, { name: "Maison Lumière", logoUrl: null, primaryLocale, otherLocales, timeZone: "Europe/Paris" });
  expect((await getPage("/app", shop)).status).toBe(200);
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const name = await registerName(shop, { name: uniqueName("chloe"), publicKey: walletKey(), owner });
  const [card] = await createCardBatch(shop, {
    owner,
    publicKey: name.public_key,
    cards: [{ name: `Carte Or ${randomUUID().slice(0, 4)}`, media: { imageUrls: [], videoUrls: [] }, metadata: [] }],
  });
  return { shop, customerId, card: card! };
}

async function certificateText(shop: string, customerId: string, id: string, query: string) {
  const response = await proxyFetch(signedProxyUrl(`/proxy/certificate/${id}?size=a4${query}`, { shop, customerId }));
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(isPdf(bytes)).toBe(true);
  return (await readPdf(bytes)).map((page) => page.text).join("\n");
}

describe("the storefront's certificate in the shopper's language", () => {
  it("a French link on an English shop prints a French certificate, and the same item without it an English one", async () => {
    const { shop, customerId, card } = await shopIn("en", ["fr"]);
    const french = await certificateText(shop, customerId, card.id, "&lang=fr");
    expect(french).toContain("CERTIFICAT D’AUTHENTICITÉ");
    expect(french).toContain("Détenu par");
    expect(french).not.toMatch(/CERTIFICATE|Issued on|Held by/);

    const english = await certificateText(shop, customerId, card.id, "");
    expect(english).toContain("CERTIFICATE OF AUTHENTICITY");
    expect(english).toContain("Held by");
    expect(english).not.toMatch(/CERTIFICAT D|Détenu|Émis/);
  });

  it("a language the app has no words for prints in the shop's primary language, never a mix", async () => {
    const { shop, customerId, card } = await shopIn("fr", ["de"]);
    const text = await certificateText(shop, customerId, card.id, "&lang=de");
    expect(text).toContain("CERTIFICAT D’AUTHENTICITÉ");
    expect(text).toContain("Émis le");
    expect(text).not.toMatch(/CERTIFICATE|Issued on|Held by/);
  });
});

/** The pass through the app proxy, as the storefront or the customer account page links it. */
async function passOf(shop: string, customerId: string, id: string, query: string) {
  const response = await proxyFetch(signedProxyUrl(`/proxy/passes/${id}.pkpass${query}`, { shop, customerId, baseUrl: signing.url }));
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
  return unzipPass(Buffer.from(await response.arrayBuffer()));
}

/** A pass.strings file read back: `"key" = "value";` lines, with their escapes undone. */
function stringsOf(file: Buffer | undefined): Record<string, string> {
  expect(file, "the .lproj/pass.strings file").toBeDefined();
  const entries: Record<string, string> = {};
  const unquote = (text: string) => text.replace(/\\(["\\n])/g, (_, char: string) => (char === "n" ? "\n" : char));
  for (const match of file!.toString("utf8").matchAll(/^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$/gm))
    entries[unquote(match[1]!)] = unquote(match[2]!);
  return entries;
}

type PassJson = { description: string; storeCard?: unknown; generic?: { secondaryFields: { label: string; value: string }[] } };

describe("an Apple pass in the viewer's language, with Apple's strings for each published language", () => {
  it("a French page on an English shop publishing French: the pass is French, fr.lproj and en.lproj translate its texts", async () => {
    const { shop, customerId, card } = await shopIn("en", ["fr"]);
    const opened = await passOf(shop, customerId, card.id, "?locale=fr");
    const pass = opened.passJson as unknown as PassJson;
    expect(pass.description).toContain("émis par Maison Lumière");
    const labels = JSON.stringify(opened.passJson);
    expect(labels).toContain("Détenu par");
    expect(labels).not.toContain("Held by");

    const lproj = [...opened.files.keys()].filter((file) => file.endsWith(".lproj/pass.strings")).sort();
    expect(lproj).toEqual(["en.lproj/pass.strings", "fr.lproj/pass.strings"]);
    const french = stringsOf(opened.files.get("fr.lproj/pass.strings"));
    const english = stringsOf(opened.files.get("en.lproj/pass.strings"));
    expect(french["Détenu par"]).toBe("Détenu par");
    expect(english["Détenu par"]).toBe("Held by");
    expect(english["Vérifier cet article"]).toBe("Verify this item");
    expect(english[pass.description]).toBe(`${card.name}, issued by Maison Lumière`);
    expect(english["Scanner pour vérifier"]).toBe("Scan to verify");
    // Every file, the strings too, is in the signed manifest.
    expect(Object.keys(opened.manifest)).toEqual(expect.arrayContaining(lproj));
  });

  it("with no language asked, the pass is in the shop's primary language (French) and still carries English strings", async () => {
    const { shop, customerId, card } = await shopIn("fr", ["en"]);
    const opened = await passOf(shop, customerId, card.id, "");
    expect(JSON.stringify(opened.passJson)).toContain("Détenu par");
    expect(stringsOf(opened.files.get("en.lproj/pass.strings"))["Détenu par"]).toBe("Held by");
  });

  it("a language the app has no words for gives the shop's primary language whole, and no strings for it", async () => {
    const { shop, customerId, card } = await shopIn("en", ["de"]);
    const opened = await passOf(shop, customerId, card.id, "?locale=de");
    const text = JSON.stringify(opened.passJson);
    expect(text).toContain("Held by");
    expect(text).not.toMatch(/Détenu|Émis/);
    const lproj = [...opened.files.keys()].filter((file) => file.endsWith(".lproj/pass.strings"));
    expect(lproj).toEqual(["en.lproj/pass.strings"]);
    expect(stringsOf(opened.files.get("en.lproj/pass.strings"))["Held by"]).toBe("Held by");
  });
});
