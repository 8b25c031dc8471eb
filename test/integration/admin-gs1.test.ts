import { createRequire } from "node:module";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { identityOf, type ProductSource } from "~/domain/item-products.server";
import { registerName } from "~/domain/names.server";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { stores } from "~/domain/stores";
import { issueTwinTo } from "~/domain/twins.server";
import { adminToken, baseUrl, getPage, submitFetcher } from "../support/admin";
import { uniqueShop, USER_AGENT } from "../support/api";
import { PATH_PREFIX, proxyFetch, signedProxyUrl } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";
import { qrErrorCorrectionPng, readQrPng, readQrSvg } from "../support/qr";

const { DigitalLink } = createRequire(import.meta.url)("digital-link.js") as {
  DigitalLink: (uri: string) => { isValid(): boolean };
};

const EAN_13 = "4006381333931";
const SUSTAINABILITY = "https://harbor-and-pine.example.com/sustainability";
const INSTRUCTIONS = "https://harbor-and-pine.example.com/care";

/** A live twin issued for a variant whose barcode is `barcode`, as an order line or the customer page issues it. */
async function twinOf(shop: string, barcode: string | null, title = "Limited sneaker") {
  const name = await registerName(shop, { name: uniqueName("gs1"), publicKey: walletKey(), owner: "shopify|4243" });
  const input = parseInput(issueTwinInput, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
  const product: ProductSource = {
    productId: "gid://shopify/Product/1001",
    variantId: "gid://shopify/ProductVariant/2002",
    barcode,
    productUrl: "https://harbor-and-pine.example.com/products/sneaker",
  };
  const twin = await issueTwinTo(shop, input, NO_SERIAL, true, true, product);
  return { twin, identity: (await identityOf(shop, twin.id))! };
}

/** What the resolver answers at the item's Digital Link, as the app proxy forwards it. */
const resolve = (shop: string, digitalLink: string, query: string) =>
  proxyFetch(signedProxyUrl(`/proxy${new URL(digitalLink).pathname.slice(PATH_PREFIX.length)}${query}`, { shop }));

describe("a GTIN's links, set on a twin's page", () => {
  it("saves the sustainability and instructions links, which the linkset lists and ?linkType= redirects to", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, EAN_13);
    const path = `/app/twins/${twin.id}`;
    expect((await getPage(path, shop)).text).toContain("Links for every item of this GTIN");

    const saved = await submitFetcher(path, shop, {
      intent: "product-links",
      sustainabilityInfo: SUSTAINABILITY,
      instructions: INSTRUCTIONS,
    });
    expect(saved.result).toMatchObject({
      ok: true,
      data: { gtin: `0${EAN_13}`, links: { sustainabilityInfo: SUSTAINABILITY, instructions: INSTRUCTIONS } },
    });
    expect((await getPage(path, shop)).body).toContain(`value="${INSTRUCTIONS}"`);

    const linkset = await resolve(shop, identity.digitalLink!, "?linkType=linkset");
    const [context] = ((await linkset.json()) as { linkset: Record<string, { href: string }[]>[] }).linkset;
    expect(context!["https://gs1.org/voc/sustainabilityInfo"]).toEqual([expect.objectContaining({ href: SUSTAINABILITY })]);
    expect(context!["https://gs1.org/voc/instructions"]).toEqual([expect.objectContaining({ href: INSTRUCTIONS })]);
    const redirect = await resolve(shop, identity.digitalLink!, "?linkType=gs1:instructions");
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("location")).toBe(INSTRUCTIONS);

    // Every item of the GTIN has them: another twin of the same product, issued later.
    const second = await twinOf(shop, EAN_13, "Limited sneaker, second pair");
    const next = await resolve(shop, second.identity.digitalLink!, "?linkType=gs1:sustainabilityInfo");
    expect(next.headers.get("location")).toBe(SUSTAINABILITY);

    // Emptied: removed from the linkset; the redirect falls back to the verification page.
    await submitFetcher(path, shop, { intent: "product-links", sustainabilityInfo: SUSTAINABILITY, instructions: "" });
    const fallback = await resolve(shop, identity.digitalLink!, "?linkType=gs1:instructions");
    expect(fallback.headers.get("location")).toBe(twin.verifyUrl);
  });

  it("refuses an address that is not https://, naming each field, in the merchant's language, and saves neither link", async () => {
    const shop = uniqueShop();
    const { twin } = await twinOf(shop, EAN_13);
    const path = `/app/twins/${twin.id}`;
    const refused = await submitFetcher(path, shop, {
      intent: "product-links",
      sustainabilityInfo: "http://harbor-and-pine.example.com/sustainability",
      instructions: INSTRUCTIONS,
    });
    expect(refused.result).toMatchObject({
      ok: false,
      fieldErrors: { sustainabilityInfo: "Must be an https:// address of at most 2,048 characters" },
    });
    expect(refused.result && !refused.result.ok && refused.result.fieldErrors).not.toHaveProperty("instructions");
    const french = await submitFetcher(
      path,
      shop,
      { intent: "product-links", sustainabilityInfo: "", instructions: "javascript:alert(1)" },
      { locale: "fr" },
    );
    expect(french.result).toMatchObject({
      ok: false,
      fieldErrors: { instructions: "Doit être une adresse en https:// de 2\u202f048 caractères au plus" },
    });
    expect(await stores().itemProducts.productLinks(shop, `0${EAN_13}`)).toEqual([]);
  });

  it("offers no links form for a twin without a GTIN, and refuses one sent anyway", async () => {
    const shop = uniqueShop();
    const { twin } = await twinOf(shop, "SKU-123");
    const path = `/app/twins/${twin.id}`;
    expect((await getPage(path, shop)).text).not.toContain("Links for every item of this GTIN");
    const refused = await submitFetcher(path, shop, { intent: "product-links", sustainabilityInfo: SUSTAINABILITY });
    expect(refused.result).toMatchObject({ ok: false, fieldErrors: { gtin: "The item's product has no GTIN" } });
  });
});

describe("the twins list's report of barcodes that are not GTINs", () => {
  it("lists each twin whose barcode is not a GTIN with the barcode as typed and why, and none of the others", async () => {
    const shop = uniqueShop();
    expect((await getPage("/app/twins", shop)).text).not.toContain("Barcodes that are not GTINs");
    await twinOf(shop, EAN_13, "Good sneaker");
    await twinOf(shop, null, "No barcode sneaker");
    const letters = await twinOf(shop, "SKU-12A", "Letters sneaker");
    const length = await twinOf(shop, "1234567", "Short sneaker");
    const check = await twinOf(shop, "4006381333932", "Typo sneaker");

    const page = await getPage("/app/twins", shop);
    expect(page.text).toContain("Barcodes that are not GTINs");
    expect(page.text).toContain("Letters sneaker — Barcode “SKU-12A”: it has characters other than digits");
    expect(page.text).toContain("Short sneaker — Barcode “1234567”: a GTIN has 8, 12, 13 or 14 digits");
    expect(page.text).toContain("Typo sneaker — Barcode “4006381333932”: its check digit is wrong");
    expect(page.text).not.toContain("Good sneaker —");
    expect(page.text).not.toContain("No barcode sneaker —");
    for (const { twin } of [letters, length, check]) expect(page.body).toContain(`href="/app/twins/${twin.id}"`);

    const french = await getPage("/app/twins?locale=fr", shop);
    expect(french.text).toContain("Typo sneaker — Code-barres « 4006381333932 » : sa clé de contrôle est fausse");
  });

  it("shows the newest 20 and says how many there are", async () => {
    const shop = uniqueShop();
    for (let i = 0; i < 21; i++) await twinOf(shop, `SKU-${i}`, `Sneaker ${i}`);
    const page = await getPage("/app/twins", shop);
    expect(page.text).toContain("20 shown of 21 twins");
    expect(page.text).toContain("Sneaker 20 — Barcode “SKU-20”");
    expect(page.text).not.toContain("Sneaker 0 — ");
  });
});

describe("the QR code the admin serves for an item with a Digital Link", () => {
  const qr = (shop: string, id: string, format: "png" | "svg") =>
    fetch(`${baseUrl}/app/verify-qr/${id}?format=${format}`, {
      headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(shop)}` },
    });

  it("decodes to the twin's GS1 Digital Link, as PNG and as SVG, with error correction M or higher", async () => {
    const shop = uniqueShop();
    const { twin, identity } = await twinOf(shop, EAN_13);
    expect(DigitalLink(identity.digitalLink!).isValid()).toBe(true);

    const png = await qr(shop, twin.id, "png");
    expect(png.status).toBe(200);
    expect(png.headers.get("x-verify-url")).toBe(identity.digitalLink);
    const image = Buffer.from(await png.arrayBuffer());
    expect(readQrPng(image)).toBe(identity.digitalLink);
    expect(["M", "Q", "H"]).toContain(qrErrorCorrectionPng(image));
    expect(readQrSvg(await (await qr(shop, twin.id, "svg")).text())).toBe(identity.digitalLink);

    // A twin whose barcode is not a GTIN: its verification page.
    const other = await twinOf(shop, "SKU-1");
    expect(readQrPng(Buffer.from(await (await qr(shop, other.twin.id, "png")).arrayBuffer()))).toBe(other.twin.verifyUrl);
  });

  it("reads the error correction level a code was drawn with (the check above could not pass by accident)", async () => {
    for (const level of ["L", "M", "Q", "H"] as const) {
      const image = await QRCode.toBuffer("https://example.com/01/04006381333931/21/12", {
        type: "png",
        errorCorrectionLevel: level,
        margin: 4,
        width: 600,
      });
      expect(qrErrorCorrectionPng(image)).toBe(level);
    }
  });
});
