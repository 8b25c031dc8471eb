import { describe, expect, it } from "vitest";
import { createApiKey } from "~/domain/api-keys.server";
import { voidCard } from "~/domain/card-void.server";
import { createCard } from "~/domain/cards.server";
import { setClaimLinkSettings } from "~/domain/claim-links.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { proxyFetch, signedProxyUrl } from "../support/app-proxy";
import { uniqueName, walletKey } from "../support/fixtures";

// The admin's home page: the shop's own counts and its setup checklist.

const card = (name: string) => ({ name, media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] } });

describe("admin home", () => {
  it("marks the storefront blocks done once a customer's block has loaded through the app proxy", async () => {
    const shop = uniqueShop();
    const before = await getPage("/app", shop);
    expect(before.text).toContain("This turns done once a logged-in customer's block loads.");

    expect((await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: "7" }))).status).toBe(200);

    const after = await getPage("/app", shop);
    expect(after.text).toContain("A customer's “My cards” block has loaded on your storefront.");
    expect(after.text).not.toContain("This turns done once");
  });

  it("marks the storefront blocks done also in a shop that saved a setting before any block loaded", async () => {
    const shop = uniqueShop();
    await setClaimLinkSettings(shop, { target: "THEME" });
    expect((await getPage("/app", shop)).text).toContain("This turns done once a logged-in customer's block loads.");

    expect((await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: "7" }))).status).toBe(200);

    const after = await getPage("/app", shop);
    expect(after.text).toContain("A customer's “My cards” block has loaded on your storefront.");
    expect(after.text).not.toContain("This turns done once");
  });

  it("shows the shop's own counts, and zeros for another shop", async () => {
    const shopA = uniqueShop();
    const shopB = uniqueShop();
    await createCard(shopA, { ...card("Pending one"), email: "one@example.com" });
    await createCard(shopA, { ...card("Pending two"), phone: "+14155550100" });
    await createCard(shopA, { ...card("Owned one"), owner: "shopify|42", publicKey: walletKey() });
    const name = await registerName(shopA, { name: uniqueName("home"), publicKey: walletKey() });
    await issueTwin(shopA, { name_id: name.uns_name_id, public_key: name.public_key, title: "Mug twin", quantity: 1 });

    const homeA = await getPage("/app", shopA);
    const homeB = await getPage("/app", shopB);

    expect(homeA.status).toBe(200);
    expect(homeA.text).toContain("Cards waiting to be claimed 2 Cards owned 1 Digital twins issued 1 Notifications failed 0");
    expect(homeB.status).toBe(200);
    expect(homeB.text).toContain("Cards waiting to be claimed 0 Cards owned 0 Digital twins issued 0 Notifications failed 0");
  });

  it("does not count as failed the messages of a card voided before they were sent, offers no Resend for them, and says why in French", async () => {
    const shop = uniqueShop();
    const voided = await createCard(shop, { ...card("Voided before sending"), email: "gone@example.com", phone: "+14155550199" });
    await voidCard(shop, voided.id);

    expect((await getPage("/app", shop)).text).toContain("Notifications failed 0");
    const french = await getPage("/app/notifications?locale=fr", shop);
    expect(french.status).toBe(200);
    expect(french.text).toContain("gone@example.com");
    expect(french.text).toContain("Non envoyée Non envoyée");
    expect(french.text).toMatch(/Non envoyée\s: toutes les cartes de son code ont été annulées/);
    expect(french.text).not.toContain("every card of its code was voided");
    expect(french.text).not.toContain("Renvoyer");
    const english = await getPage("/app/notifications", shop);
    expect(english.text).toContain("Not sent Not sent: every card of its code was voided");
    expect(english.text).not.toContain("Resend");
  });

  it("ticks the API key step of the setup checklist once the shop has a key", async () => {
    const shop = uniqueShop();
    const before = await getPage("/app", shop);
    await createApiKey({ shop, label: "checklist" });
    const after = await getPage("/app", shop);

    expect(before.text).toContain("To do Create an API key");
    expect(after.text).toContain("Done Create an API key");
    expect(after.text).not.toContain("To do Create an API key");
  });
});
