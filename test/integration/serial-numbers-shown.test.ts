import { randomInt } from "node:crypto";
import { Liquid } from "liquidjs";
import { describe, expect, it } from "vitest";
import { transaction } from "~/db/client.server";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { issueFromOrder } from "~/domain/order-issuing.server";
import type { OrderSnapshot } from "~/domain/orders";
import { getPage, submitFetcher } from "../support/admin";
import { shopClient, uniqueClientAddress, USER_AGENT } from "../support/api";
import { proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";

/*
 * Where people read serial numbers (docs/decisions/0033-serial-numbers.md): /v1 and its events,
 * the storefront's JSON and pages, the verification page, the customer account and the admin,
 * written the reader's way: "#2 of 3", "nº 2 sur 3", "#1" in an open edition.
 */

const NBSP = "\u00a0";
const numericId = () => String(randomInt(1, 2 ** 47));
const tokenOf = (verifyUrl: string) => verifyUrl.split("/").at(-1)!;

/** A customer with a universal name, a batch of three cards they own, and a twin a rule (open edition) issued to their name. */
async function collector() {
  const { shop, client } = await shopClient();
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const name = await registerName(shop, { name: uniqueName("collector"), publicKey: walletKey(), owner });
  const cards = await client.cards.createBatch({
    owner,
    publicKey: name.public_key,
    cards: ["Bronze", "Silver", "Gold"].map((card) => cardInput(card)),
  });
  const productId = `gid://shopify/Product/${numericId()}`;
  const rule = await createRule(shop, {
    targetType: "PRODUCT",
    targetId: productId,
    targetTitle: "Lithograph",
    trigger: "PAID",
    issueTwin: true,
  });
  const order: OrderSnapshot = {
    id: numericId(),
    name: "#1042",
    email: null,
    phone: null,
    customerId,
    locale: null,
    firstName: null,
    cancelled: false,
    lines: [
      {
        id: numericId(),
        quantity: 1,
        productId,
        variantId: null,
        collectionIds: [],
        unitPrice: null,
        title: "Lithograph",
        product: {
          title: "Lithograph",
          description: "Signed print",
          vendor: "Atelier Nord",
          productType: "",
          tags: [],
          url: null,
          images: [],
        },
      },
    ],
  };
  await transaction(() => issueFromOrder(shop, order, { kind: "paid" }));
  const {
    data: [twin],
  } = await client.twins.list();
  return { shop, client, customerId, cards, twin: twin!, rule };
}

describe("serial numbers where people read them", () => {
  it("are fields of /v1 cards and twins and of their events", async () => {
    const { client, cards, twin } = await collector();

    expect([twin.serialNumber, twin.editionSize]).toEqual([1, null]);
    expect(await client.twins.get(twin.id)).toMatchObject({ serialNumber: 1, editionSize: null });
    const { data: events } = await client.events.list();
    const created = events
      .filter((event) => event.type === "unit_card.created")
      .map((event) => event.data.object as { name: string; serialNumber: number; editionSize: number });
    expect(created.map(({ name, serialNumber, editionSize }) => [name, serialNumber, editionSize]).sort()).toEqual([
      ["Bronze", 1, 3],
      ["Gold", 3, 3],
      ["Silver", 2, 3],
    ]);
    expect(events.find((event) => event.type === "digital_twin.issued")?.data.object).toMatchObject({
      id: twin.id,
      serialNumber: 1,
      editionSize: null,
    });
    expect(cards.map((card) => card.serialNumber)).toEqual([1, 2, 3]);
  });

  it("show on the storefront: My cards as JSON and as a page, in English and in French", async () => {
    const { shop, customerId } = await collector();

    const json = (await (await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }))).json()) as {
      data: { cards: { name: string; serialNumber: number; editionSize: number }[]; twins: { serialNumber: number; editionSize: null }[] };
    };
    expect(json.data.cards.map(({ name, serialNumber, editionSize }) => [name, serialNumber, editionSize]).sort()).toEqual([
      ["Bronze", 1, 3],
      ["Gold", 3, 3],
      ["Silver", 2, 3],
    ]);
    expect(json.data.twins.map(({ serialNumber, editionSize }) => [serialNumber, editionSize])).toEqual([[1, null]]);

    const english = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "en");
    const french = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "fr");
    expect(english).toMatch(/<h3>Silver<\/h3>\s*<p class="twincards-serial">#2 of 3<\/p>/);
    expect(english).toMatch(/<h3>Lithograph<\/h3>\s*<p class="twincards-serial">#1<\/p>/);
    expect(french).toMatch(new RegExp(`<h3>Silver</h3>\\s*<p class="twincards-serial">nº${NBSP}2 sur${NBSP}3</p>`));
    expect(french).toMatch(new RegExp(`<h3>Lithograph</h3>\\s*<p class="twincards-serial">nº${NBSP}1</p>`));
  });

  it("show on the public verification page of a card and of a twin", async () => {
    const { shop, cards, twin } = await collector();
    const open = async (verifyUrl: string, locale: string) => {
      const response = await fetch(signedProxyUrl(`/proxy/v/${tokenOf(verifyUrl)}`, { shop }), {
        headers: { "User-Agent": USER_AGENT, "X-Forwarded-For": uniqueClientAddress() },
      });
      return new Liquid().parseAndRender(await response.text(), {
        shop: { name: "Atelier Nord" },
        request: { locale: { iso_code: locale } },
      }) as Promise<string>;
    };

    expect(await open(cards[2]!.verifyUrl, "en")).toMatch(/<h1>Gold<\/h1>\s*<p class="twincards-serial">#3 of 3<\/p>/);
    expect(await open(cards[2]!.verifyUrl, "fr")).toContain(`<p class="twincards-serial">nº${NBSP}3 sur${NBSP}3</p>`);
    expect(await open(twin.verifyUrl, "en")).toMatch(/<h1>Lithograph<\/h1>\s*<p class="twincards-serial">#1<\/p>/);
  });

  it("come with the customer account's cards and twins", async () => {
    const { shop, customerId } = await collector();

    const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });

    const { data } = (await response.json()) as {
      data: { cards: { name: string; serialNumber: number; editionSize: number }[]; twins: { serialNumber: number; editionSize: null }[] };
    };
    expect(data.cards.map(({ name, serialNumber, editionSize }) => [name, serialNumber, editionSize]).sort()).toEqual([
      ["Bronze", 1, 3],
      ["Gold", 3, 3],
      ["Silver", 2, 3],
    ]);
    expect(data.twins.map(({ serialNumber, editionSize }) => [serialNumber, editionSize])).toEqual([[1, null]]);
  });

  it("show in the admin: the cards and twins lists and pages, the rule's edition and activity, in the merchant's language", async () => {
    const { shop, cards, twin, rule } = await collector();

    expect((await getPage("/app/cards", shop)).text).toMatch(/Silver #2 of 3 Success Complete Owned/);
    expect((await getPage(`/app/cards/${cards[1]!.id}`, shop)).text).toContain("Edition #2 of 3");
    const french = await getPage(`/app/cards/${cards[1]!.id}?locale=fr`, shop);
    expect(french.text).toContain("Édition nº 2 sur 3");
    expect(french.body).toContain(`nº${NBSP}2 sur${NBSP}3`);
    expect((await getPage("/app/twins", shop)).text).toContain("Lithograph #1");
    expect((await getPage(`/app/twins/${twin.id}`, shop)).text).toContain("Edition #1");
    expect((await getPage("/app/automation", shop)).text).toContain("1 issued, open edition");
    const rulePage = await getPage(`/app/automation/${rule.id}`, shop);
    expect(rulePage.text).toContain("Twin #1");
    expect(rulePage.text).toContain("1 already issued: the size can’t be smaller.");
  });

  it("are set in the admin's rule form, which refuses a size that is not a whole number of at least 1, at its field and in French", async () => {
    const { shop, rule } = await collector();
    const form = (editionSize: string) =>
      JSON.stringify({
        targetType: rule.targetType,
        targetId: rule.targetId,
        targetTitle: rule.targetTitle,
        trigger: rule.trigger,
        issueTwin: true,
        issueCard: false,
        cardPerUnit: true,
        name: "",
        imageUrls: "",
        videoUrls: "",
        metadata: [],
        editionSize,
      });
    const save = async (editionSize: string) =>
      (await submitFetcher(`/app/automation/${rule.id}?locale=fr`, shop, { intent: "save", rule: form(editionSize) })).result;

    expect(await save("0")).toMatchObject({ ok: false, fieldErrors: { editionSize: "Doit être au moins égal à 1" } });
    expect(await save("2.5")).toMatchObject({ ok: false, fieldErrors: { editionSize: "Doit être un nombre entier" } });
    // The rule issued one twin: a size of 1 closes its edition. Spaces between thousands are the merchant's to type.
    expect(await save("1 000")).toMatchObject({ ok: true, data: { editionSize: 1000 } });
    expect(await save("1")).toMatchObject({ ok: true, data: { editionSize: 1 } });
  });
});
