import { describe, expect, it } from "vitest";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";

// Every admin page names itself in the document's <title> (a browser tab, a screen reader's first words).

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

const PAGES: [path: string, english: string][] = [
  ["/app", "Home"],
  ["/app/cards", "Cards"],
  ["/app/cards/new", "Create cards"],
  ["/app/customers", "Customers"],
  ["/app/twins", "Twins"],
  ["/app/notifications", "Notifications"],
  ["/app/automation", "Automation"],
  ["/app/automation/new", "Automation"],
  ["/app/settings", "Settings"],
  ["/app/settings/messages", "Messages"],
  ["/app/settings/webhooks", "Webhooks"],
];

describe("admin page titles", () => {
  it("gives every admin page a <title> of its own, then the app's name", async () => {
    const shop = uniqueShop();
    const titles = await Promise.all(PAGES.map(async ([path]) => titleOf((await getPage(path, shop)).body)));

    expect(titles).toEqual(PAGES.map(([, english]) => `${english} · Twin Cards`));
  });

  it("writes the title in the merchant's language", async () => {
    const shop = uniqueShop();
    const french = await Promise.all(
      ["/app", "/app/cards", "/app/settings"].map(async (path) => titleOf((await getPage(`${path}?locale=fr`, shop)).body)),
    );

    expect(french).toEqual(["Accueil · Twin Cards", "Cartes · Twin Cards", "Paramètres · Twin Cards"]);
  });
});
