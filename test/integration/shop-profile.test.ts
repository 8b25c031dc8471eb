import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { adminApiStubUrl, FRENCH_SHOP, setStubShop, type StubShopSettings } from "../support/stub-shop";

// The shop's profile as claim messages, passes and certificates use it (decision 0057):
// the essentials from the Admin API fields Shopify has, the brand logo from the
// Storefront API, each read apart, against the strict Admin API stub, which refuses
// what Shopify would (the Admin API's Shop has no `brand`).

const PAGE = "/app/settings/messages";
const LOGO = `${adminApiStubUrl}/images/logo.png`;

async function shopWith(settings: StubShopSettings) {
  const shop = uniqueShop();
  await setStubShop(shop, settings);
  return shop;
}

async function callsOf(shop: string) {
  const log = (await (await fetch(`${adminApiStubUrl}/_stub/graphql-log?shop=${shop}`)).json()) as {
    calls: { api: string; operation: string | null; refused: string | null }[];
    faults: unknown[];
  };
  return log;
}

describe("the shop's profile from Shopify", () => {
  it("reads name, contact e-mail, domain, languages and zone from the Admin API and the brand logo from the Storefront API", async () => {
    const shop = await shopWith({ ...FRENCH_SHOP, primaryDomain: "maison-lumiere.example" });

    const page = await getPage(PAGE, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Maison Lumière");
    expect(page.body).toContain(LOGO);
    expect(page.text).not.toContain("could not be read");
    expect(await db.shopProfile.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      name: "Maison Lumière",
      contactEmail: "bonjour@maison-lumiere.example",
      primaryDomain: "maison-lumiere.example",
      primaryLocale: "fr",
      timeZone: "Europe/Paris",
      brandLogoUrl: LOGO,
    });
    const { calls, faults } = await callsOf(shop);
    expect(calls).toContainEqual(expect.objectContaining({ api: "admin", operation: "TwinCardsShopProfile", refused: null }));
    expect(calls).toContainEqual(expect.objectContaining({ api: "storefront", operation: "TwinCardsShopBrand", refused: null }));
    // Nothing the app sent was refused as Shopify would refuse it, and the stub answered nothing Shopify could not.
    expect(calls.filter((call) => call.refused)).toEqual([]);
    expect(faults).toEqual([]);
  });

  it("keeps the essentials when the brand logo cannot be read, and tells the merchant what messages show, in English and French", async () => {
    const shop = await shopWith({ ...FRENCH_SHOP, unreachable: ["storefront"] });

    const english = await getPage(PAGE, shop);
    const french = await getPage(`${PAGE}?locale=fr`, shop);

    expect(english.text).toContain("Maison Lumière");
    expect(english.text).toContain(
      "Your brand logo (Settings → Brand in Shopify) could not be read just now. Messages show your shop’s name instead of a logo.",
    );
    expect(french.text).toContain(
      "Le logo de votre marque (Paramètres → Marque dans Shopify) n’a pas pu être lu. Les messages affichent le nom de votre boutique à la place d’un logo.",
    );
    expect(await db.shopProfile.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      name: "Maison Lumière",
      primaryLocale: "fr",
      timeZone: "Europe/Paris",
      brandLogoUrl: null,
    });
  });

  it("keeps the last brand logo read while the Storefront API does not answer", async () => {
    const shop = await shopWith(FRENCH_SHOP);
    await getPage(PAGE, shop);
    await setStubShop(shop, { name: "Maison Lumière Paris", unreachable: ["storefront"] });

    const page = await getPage(PAGE, shop);

    expect(page.text).toContain("Maison Lumière Paris");
    expect(page.body).toContain(LOGO);
    expect(page.text).toContain("Messages show the last brand logo read.");
    expect(await db.shopProfile.findUniqueOrThrow({ where: { shop } })).toMatchObject({ name: "Maison Lumière Paris", brandLogoUrl: LOGO });
  });

  it("while Shopify cannot be reached, the page still opens and says messages come from the shop's domain, in English, on UTC", async () => {
    const shop = await shopWith({ ...FRENCH_SHOP, unreachable: ["admin", "storefront"] });

    const english = await getPage(PAGE, shop);
    const french = await getPage(`${PAGE}?locale=fr`, shop);

    expect(english.status).toBe(200);
    expect(english.text).toContain(
      `Shopify could not be reached for your shop’s details yet. Until it answers, messages come from ${shop}, in English, on UTC time.`,
    );
    expect(french.text).toContain(`En attendant, les messages viennent de ${shop}, en anglais, à l’heure UTC.`);
    expect(await db.shopProfile.findUnique({ where: { shop } })).toBeNull();

    // Once Shopify answers again, the page follows it and the warning goes.
    await setStubShop(shop, { unreachable: [] });
    const back = await getPage(PAGE, shop);
    expect(back.text).toContain("Maison Lumière");
    expect(back.text).not.toContain("could not be reached");
  });
});
