import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { saveShopFacts } from "~/domain/shop-profile.server";
import { getPage, visibleText } from "../support/admin";
import { cardInput } from "../support/fixtures";
import { uniqueShop } from "../support/api";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { PATH_PREFIX, postForm, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";

// Issue 39, item 1: one language decision on the claim path, kept by every link and form the app
// writes. In order: the storefront locale the shopper chose (Shopify's /fr/ paths), the customer's
// locale, the language of the message followed (?lang=), the shop's primary language.

/** A page's links and form targets, as written. */
const targets = (page: string) => [...page.matchAll(/(?:href|action)="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
/** The app's own links and forms on a page (storefront paths, not a picture's or an explorer's address). */
const ownTargets = (page: string) => targets(page).filter((target) => target.startsWith("/"));
const sectionLanguages = (page: string) => [...page.matchAll(/<section class="twincards" lang="(\w+)"/g)].map((match) => match[1]);

/** A card waiting for its code in a fresh shop. */
async function pendingCard(shop = uniqueShop(), locale?: string) {
  const card = await createCard(shop, { ...cardInput("Carte Or"), email: "camille@example.com", ...(locale ? { locale } : {}) });
  return { shop, card, code: card.redemption!.code! };
}

describe("the claim link of a message carries the message's language", () => {
  it("a French message of an English shop links to the claim page with ?lang=fr; an English one needs none (the shop's language)", async () => {
    const french = await pendingCard(uniqueShop(), "fr-FR");
    const english = await pendingCard(uniqueShop(), "en-GB");

    for (const [{ shop, code }, language] of [
      [french, "fr"],
      [english, "en"],
    ] as const) {
      const row = await db.notification.findFirstOrThrow({ where: { shop } });
      const message = await composeClaimMessage(shop, row.payload as unknown as ClaimNotificationPayload);
      expect(message.language).toBe(language);
      const link = new URL(message.claimUrl);
      expect(`${link.pathname}`).toBe(`${PATH_PREFIX}/redeem`);
      expect(link.searchParams.get("code")).toBe(code);
      expect(link.searchParams.get("lang")).toBe(language === "fr" ? "fr" : null);
      expect(message.sms).toContain(message.claimUrl);
    }
  });
});

describe("the claim page, logged out, in the message's language", () => {
  it("French in (?lang=fr on an English storefront), French out, and the log-in link comes back to the French page", async () => {
    const { shop, code } = await pendingCard();
    const response = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=${code}&lang=fr`, { shop }));

    expect(response.status).toBe(200);
    const page = await renderedPage(response, "en", { primary: true });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    const text = visibleText(page);
    expect(text).toContain("Connectez-vous pour récupérer les cartes reçues avec un code.");
    expect(text).not.toContain("Log in");
    const logIn = ownTargets(page).find((target) => target.startsWith("/account/login"))!;
    const back = new URL(logIn, "https://shop.example").searchParams.get("return_url")!;
    expect(back).toBe(`${PATH_PREFIX}/redeem?code=${code}&lang=fr`);
  });

  it("on Shopify's French subfolder (/fr/apps/twincards/...), the page is French and the log-in link and its way back stay under /fr", async () => {
    const { shop, code } = await pendingCard();
    const response = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=${code}`, { shop }));

    const page = await renderedPage(response, "fr", { primary: false, root: "/fr" });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    const logIn = ownTargets(page).find((target) => target.includes("/account/login"))!;
    expect(logIn.startsWith("/fr/account/login?")).toBe(true);
    expect(new URL(logIn, "https://shop.example").searchParams.get("return_url")).toBe(`/fr${PATH_PREFIX}/redeem?code=${code}&lang=fr`);
  });

  it("the storefront's chosen locale comes first: /fr/ wins over a link's ?lang=en, and ?lang=fr over the English primary storefront", async () => {
    const { shop, code } = await pendingCard();
    const english = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=${code}&lang=en`, { shop }));
    expect(sectionLanguages(await renderedPage(english, "fr", { primary: false, root: "/fr" }))).toEqual(["fr"]);
  });
});

describe("the claim path logged in: every link and form keeps the language", () => {
  it("the claim form posts to the French page, and a wrong code is refused in French at the field with nothing written", async () => {
    const { shop, card } = await pendingCard();
    const customerId = uniqueCustomerId();
    const form = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/redeem?code=ABCD&lang=fr`, { shop, customerId })), "en", {
      primary: true,
    });
    expect(sectionLanguages(form)).toEqual(["fr"]);
    expect(ownTargets(form)).toEqual([`${PATH_PREFIX}/redeem?lang=fr`, `${PATH_PREFIX}/redeem/resend?lang=fr`, `${PATH_PREFIX}?lang=fr`]);
    expect(form).toContain(`<form method="post" action="${PATH_PREFIX}/redeem?lang=fr">`);

    // The form's action, as the browser posts it (the storefront forwards ?lang=fr).
    const refused = await postForm(signedProxyUrl(`/proxy/redeem?lang=fr`, { shop, customerId }), { code: "ZZZZ-ZZZZ-ZZZZ" });
    expect(refused.status).toBe(404);
    const page = await renderedPage(refused, "en", { primary: true });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    expect(visibleText(page)).toContain("Ce code est inconnu. Comparez-le à votre message et réessayez.");
    expect(page).toContain('aria-invalid="true"');
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
  });

  it("a no-JavaScript claim answers in French, and its My cards, wallet and certificate links keep /fr and ?lang=fr", async () => {
    const { shop, card, code } = await pendingCard();
    const customerId = uniqueCustomerId();
    const claimed = await postForm(signedProxyUrl(`/proxy/redeem?lang=fr`, { shop, customerId }), { code });

    expect(claimed.status).toBe(200);
    const page = await renderedPage(claimed, "fr", { primary: false, root: "/fr" });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    expect(visibleText(page)).toContain("Vous avez récupéré une carte");
    const links = ownTargets(page);
    expect(links).toEqual(
      expect.arrayContaining([`/fr${PATH_PREFIX}/wallet?lang=fr`, `/fr${PATH_PREFIX}?lang=fr`, `/fr${PATH_PREFIX}/redeem?lang=fr`]),
    );
    for (const link of links) expect(link).toMatch(/^\/fr\/apps\/twincards[/?].*\blang=fr\b/);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED" });

    const myCards = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy?lang=fr`, { shop, customerId })), "en", { primary: true });
    expect(sectionLanguages(myCards)).toEqual(["fr"]);
    expect(ownTargets(myCards)).toContain(`${PATH_PREFIX}/certificate/${card.id}?size=a4&lang=fr`);
    for (const link of ownTargets(myCards)) expect(link).toMatch(/\blang=fr\b/);
  });

  it("the 'paste your address' form posts to the French page, and a refused address is answered in French with nothing written", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const wallet = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/wallet?lang=fr`, { shop, customerId })), "en", {
      primary: true,
    });
    expect(sectionLanguages(wallet)).toEqual(["fr"]);
    expect(wallet).toContain(`<form method="post" action="${PATH_PREFIX}/wallet?lang=fr">`);

    const refused = await postForm(signedProxyUrl(`/proxy/wallet?lang=fr`, { shop, customerId }), {
      publicKey: "not-an-address",
      acknowledgeRisk: "true",
    });
    expect(refused.status).toBe(422);
    const page = await renderedPage(refused, "en", { primary: true });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    expect(visibleText(page)).toContain("Ce n’est pas une adresse de portefeuille");
    expect(await db.customerWallet.count({ where: { shop } })).toBe(0);
  });
});

describe("the verification page, opened from a French page", () => {
  it("is French with ?lang=fr on an English storefront, its 404 too", async () => {
    const { shop, card } = await pendingCard();
    const token = card.verifyUrl.split("/").at(-1)!;

    const page = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}?lang=fr`, { shop })), "en", { primary: true });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    const missing = await proxyFetch(signedProxyUrl(`/proxy/v/nothing-here?lang=fr`, { shop }));
    expect(missing.status).toBe(404);
    expect(sectionLanguages(await renderedPage(missing, "en", { primary: true }))).toEqual(["fr"]);
  });
});

describe("the logged-in customer's language, from Shopify", () => {
  const customerIn = (locale: string) => DEMO_CUSTOMERS.find((customer) => customer.locale.split("-")[0] === locale)!.id;

  it("comes before the link's language: a French customer following an English link reads French, an English one a French link English", async () => {
    const shop = uniqueShop();
    // The merchant opened the app: it holds the shop's offline token and reads its customers from Shopify.
    expect((await getPage("/app", shop)).status).toBe(200);

    const french = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=ABCD&lang=en`, { shop, customerId: customerIn("fr") }));
    const frenchPage = await renderedPage(french, "en", { primary: true });
    expect(sectionLanguages(frenchPage)).toEqual(["fr"]);
    expect(visibleText(frenchPage)).toContain("Récupérer la carte");
    expect(frenchPage).toContain(`action="${PATH_PREFIX}/redeem?lang=fr"`);

    const english = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=ABCD&lang=fr`, { shop, customerId: customerIn("en") }));
    expect(sectionLanguages(await renderedPage(english, "en", { primary: true }))).toEqual(["en"]);
  });

  it("is passed over when Shopify cannot be asked (the app holds no token for the shop): the link's language then", async () => {
    const response = await proxyFetch(
      signedProxyUrl(`/proxy/redeem?code=ABCD&lang=fr`, { shop: uniqueShop(), customerId: customerIn("en") }),
    );
    expect(response.status).toBe(200);
    expect(sectionLanguages(await renderedPage(response, "en", { primary: true }))).toEqual(["fr"]);
  });

  it("comes after the storefront's chosen locale: a German customer (no words) on /fr/ reads French", async () => {
    const shop = uniqueShop();
    expect((await getPage("/app", shop)).status).toBe(200);
    const response = await proxyFetch(signedProxyUrl(`/proxy?lang=en`, { shop, customerId: customerIn("de") }));
    expect(sectionLanguages(await renderedPage(response, "fr", { primary: false, root: "/fr" }))).toEqual(["fr"]);
  });
});

describe("a language the app has no words for: the shop's primary language, never a mix", () => {
  it("?lang=de and a German storefront give an English shop's page in English only", async () => {
    const { shop, code } = await pendingCard();
    for (const [lang, locale, storefront] of [
      ["de", "en", { primary: true }],
      ["de", "de", { primary: false, root: "/de" }],
    ] as const) {
      const response = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=${code}&lang=${lang}`, { shop }));
      const page = await renderedPage(response, locale, storefront);
      expect(sectionLanguages(page)).toEqual(["en"]);
      expect(visibleText(page)).toContain("Log in");
      expect(visibleText(page)).not.toContain("Connectez-vous");
    }
  });

  it("a French shop's page is French for a German visitor and a ?lang=de link", async () => {
    const { shop, code } = await pendingCard();
    await saveShopFacts(shop, {
      name: "Maison Lumière",
      primaryLocale: "fr",
      timeZone: "Europe/Paris",
      contactEmail: null,
      primaryDomain: null,
      shopId: null,
    });
    const response = await proxyFetch(signedProxyUrl(`/proxy/redeem?code=${code}&lang=de`, { shop }));
    const page = await renderedPage(response, "de", { primary: false, root: "/de" });
    expect(sectionLanguages(page)).toEqual(["fr"]);
    expect(visibleText(page)).toContain("Se connecter");
    expect(visibleText(page)).not.toContain("Log in");
  });
});
