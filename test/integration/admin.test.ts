import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminHost } from "~/faces/demo/session-token.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_SHOP_DOMAIN } from "../../stubs/admin-api/demo-data";
import {
  adminToken,
  API_KEY,
  baseUrl,
  demoUrl,
  fieldValues,
  getPage,
  getRaw,
  pageData,
  postForm,
  submitFetcher,
  tokenClaims,
} from "../support/admin";
import { http, uniqueShop } from "../support/api";
import { proxyFetch, signedProxyUrl } from "../support/app-proxy";
import { GENERATED_CODE, uniqueName, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// Anna Schmidt: an e-mail, a phone and one order in the stub's catalogue.
const customer = DEMO_CUSTOMERS[0]!;
const customerPath = `/app/customers/${customer.id}`;
const owner = `shopify|${customer.id}`;
const orderedProducts = DEMO_ORDERS.get(customer.id)!.flatMap((order) => order.lineItems);
const otherCustomer = DEMO_CUSTOMERS.find((entry) => entry.name === "Lukas Becker")!;

/** A universal name registered for the customer's wallet, as the storefront or /v1 would have done. */
async function customersName(shop: string) {
  const publicKey = walletKey();
  return registerName(shop, { name: uniqueName("anna"), publicKey, owner });
}

const twinFields = (name: { uns_name_id: string; public_key: string }, overrides: Record<string, string> = {}) => ({
  intent: "issue-twin",
  name_id: name.uns_name_id,
  public_key: name.public_key,
  title: "Trailrunner GTX Sneakers",
  description: "Lightweight trail runners.",
  quantity: "2",
  price: "189.9",
  currency: "EUR",
  brand: "Alpen Motion",
  categories: "Shoes, running, outdoor",
  links: "https://twin-cards-demo.myshopify.com/products/trailrunner-gtx-sneakers",
  images: "",
  ...overrides,
});

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

describe("customers", () => {
  it("lists the shop's customers from the Admin API", async () => {
    const page = await getPage("/app/customers", uniqueShop());

    expect(page.status).toBe(200);
    const firstByName = DEMO_CUSTOMERS.map((entry) => entry.name).sort((a, b) => a.localeCompare(b)).slice(0, 5);
    for (const name of firstByName) expect(page.text).toContain(name);
    expect(page.text).toContain(DEMO_CUSTOMERS.find((entry) => entry.name === firstByName[0])!.email);
  });

  it("narrows the list with ?q=", async () => {
    const page = await getPage(`/app/customers?q=${encodeURIComponent("Schmidt")}`, uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("Anna Schmidt");
    expect(page.text).toContain("anna.schmidt@example.com");
    for (const other of DEMO_CUSTOMERS.filter((entry) => !entry.name.includes("Schmidt"))) expect(page.text).not.toContain(other.name);
  });

  it("says so when nobody matches the search", async () => {
    const page = await getPage("/app/customers?q=zzzz-nobody-zzzz", uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("No customers found");
    for (const entry of DEMO_CUSTOMERS) expect(page.text).not.toContain(entry.name);
  });
});

describe("customer page", () => {
  it("shows the customer's name and contact details", async () => {
    const page = await getPage(customerPath, uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain(`${customer.name} ${customer.email} Issue a digital twin`);
    expect(page.text).toContain(`Customer ${customer.email} ${customer.phone}`);
    expect(page.text).toContain(`Create a card for ${customer.name}`);
  });

  it("offers the products the customer ordered, with their order prices, to pre-fill a twin", async () => {
    const { status, routes } = await pageData(customerPath, uniqueShop());

    expect(status).toBe(200);
    const { customer: loaded } = routes["routes/app.customers.$id"] as { customer: { orderedProducts: { title: string; price: string; currency: string; vendor: string }[] } };
    expect(orderedProducts.length).toBeGreaterThan(0);
    expect(loaded.orderedProducts).toEqual(
      orderedProducts.map((item) => expect.objectContaining({
        title: item.product.title,
        price: item.unitPrice.amount,
        currency: item.unitPrice.currencyCode,
        vendor: item.product.vendor,
      })),
    );
  });

  it("shows the titles of the products the customer ordered", async () => {
    const page = await getPage(customerPath, uniqueShop());

    // The merchant opens the page to issue a twin of something the customer bought:
    // the page should say what that is before any name is validated.
    expect(page.status).toBe(200);
    for (const item of orderedProducts) expect(page.text).toContain(item.product.title);
  });

  it("counts the customer's orders in good English", async () => {
    const oneOrder = DEMO_CUSTOMERS.find((entry) => DEMO_ORDERS.get(entry.id)!.length === 1)!;
    const several = DEMO_CUSTOMERS.find((entry) => DEMO_ORDERS.get(entry.id)!.length > 1)!;
    const shop = uniqueShop();

    const one = await getPage(`/app/customers/${oneOrder.id}`, shop);
    const many = await getPage(`/app/customers/${several.id}`, shop);

    expect(many.text).toContain(`${DEMO_ORDERS.get(several.id)!.length} orders · customer since`);
    expect(one.text).toContain("1 order · customer since");
  });

  it("answers 404 for a customer the shop does not have", async () => {
    const page = await getPage("/app/customers/1234567890123", uniqueShop());

    expect(page.status).toBe(404);
    expect(page.text).toContain("Customer not found");
  });

  it("answers 404 for a non-numeric customer id", async () => {
    for (const id of ["abc", "12ab", encodeURIComponent("gid://shopify/Customer/1")]) {
      const page = await getPage(`/app/customers/${id}`, uniqueShop());
      expect(page.status, id).toBe(404);
      expect(page.text, id).toContain("Customer not found");
    }
  });
});

describe("issuing a digital twin in two steps", () => {
  it("step 1 shows the name id and public key of a registered name", async () => {
    const shop = uniqueShop();
    const name = await customersName(shop);

    const { status, result } = await submitFetcher(customerPath, shop, { intent: "validate-name", name: name.uns_name });

    expect(status).toBe(200);
    expect(result).toEqual({ intent: "validate-name", ok: true, data: name });
  });

  it("step 1 shows an inline error for an unknown name, and a twin cannot be issued without a real name id", async () => {
    const shop = uniqueShop();
    const unknown = uniqueName("nobody");

    const step1 = await submitFetcher(customerPath, shop, { intent: "validate-name", name: unknown });
    const step2 = await submitFetcher(customerPath, shop, twinFields({ uns_name_id: "uns_01BOGUSBOGUSBOGUSBOGUSBOGU", public_key: walletKey() }));

    expect(step1.status).toBe(200);
    expect(step1.result).toMatchObject({ intent: "validate-name", ok: false });
    expect(step1.result?.ok === false && step1.result.fieldErrors.name).toBe(
      `No universal name “${unknown}” is registered. Check the spelling, or register it below.`,
    );
    expect(step2.result).toMatchObject({ intent: "issue-twin", ok: false });
    expect(step2.result?.ok === false && step2.result.fieldErrors.name_id).toContain("No universal name has this id");
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("step 2 issues the twin with the posted title and price, and the customer page lists it", async () => {
    const shop = uniqueShop();
    const name = await customersName(shop);

    const page = await postForm(customerPath, shop, twinFields(name));

    expect(page.status).toBe(200);
    const twins = await db.digitalTwin.findMany({ where: { shop } });
    expect(twins).toHaveLength(1);
    expect(twins[0]).toMatchObject({
      nameId: name.uns_name_id,
      publicKey: name.public_key,
      title: "Trailrunner GTX Sneakers",
      quantity: 2,
      price: "189.90",
      currency: "EUR",
      brand: "Alpen Motion",
      categories: ["Shoes", "running", "outdoor"],
      links: ["https://twin-cards-demo.myshopify.com/products/trailrunner-gtx-sneakers"],
    });
    expect(page.text).toContain("Digital twins (1)");
    expect(page.text).toContain("Trailrunner GTX Sneakers × 2 · €189.90");
  });

  it("step 2 with a bad quantity shows the error on the quantity field and writes nothing", async () => {
    const shop = uniqueShop();
    const name = await customersName(shop);

    for (const quantity of ["0", "1.5", "many", "-3"]) {
      const { status, result } = await submitFetcher(customerPath, shop, twinFields(name, { quantity }));
      expect(status, quantity).toBe(200);
      expect(result, quantity).toMatchObject({ intent: "issue-twin", ok: false });
      expect(result?.ok === false && result.fieldErrors.quantity, quantity).toEqual(expect.any(String));
    }
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("step 2 refuses a public key that is not the name's, and writes nothing", async () => {
    const shop = uniqueShop();
    const name = await customersName(shop);

    const { result } = await submitFetcher(customerPath, shop, twinFields(name, { public_key: walletKey() }));

    expect(result).toMatchObject({ intent: "issue-twin", ok: false });
    expect(result?.ok === false && result.fieldErrors.public_key).toContain("Does not match");
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });
});

describe("names and cards for a customer", () => {
  it("register-name registers a universal name owned by the Shopify customer and shows it on the page", async () => {
    const shop = uniqueShop();
    const name = uniqueName("reg");
    const publicKey = walletKey();

    const page = await postForm(customerPath, shop, { intent: "register-name", name, publicKey });

    expect(page.status).toBe(200);
    const row = await db.universalName.findUniqueOrThrow({ where: { name } });
    expect(row).toMatchObject({ publicKey, owner, registeredByShop: shop });
    expect(page.text).toContain(`${name} ${publicKey}`);
  });

  it("register-name with a taken name or a bad key shows the field error and writes nothing", async () => {
    const shop = uniqueShop();
    const taken = await customersName(uniqueShop());

    const takenResult = await submitFetcher(customerPath, shop, { intent: "register-name", name: taken.uns_name, publicKey: walletKey() });
    const badKey = await submitFetcher(customerPath, shop, { intent: "register-name", name: uniqueName("bad"), publicKey: "not-a-key" });

    expect(takenResult.result?.ok === false && takenResult.result.fieldErrors.name).toBe("Already taken");
    expect(badKey.result?.ok === false && badKey.result.fieldErrors.publicKey).toEqual(expect.any(String));
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
  });

  it("create-card by redemption makes a pending card and queues the claim notification to the customer", async () => {
    const shop = uniqueShop();

    const { status, result } = await submitFetcher<{ status: string; redemption: { code: string } }>(customerPath, shop, {
      intent: "create-card",
      mode: "redemption",
      name: "Welcome card",
      imageUrls: "https://cdn.example.com/welcome.png",
      email: customer.email,
      phone: customer.phone!,
    });

    expect(status).toBe(200);
    expect(result).toMatchObject({ intent: "create-card", ok: true, data: { status: "PENDING_REDEMPTION" } });
    const code = result?.ok ? result.data.redemption.code : "";
    expect(code).toMatch(GENERATED_CODE);
    const cards = await db.unitCard.findMany({ where: { shop } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: "Welcome card", status: "PENDING_REDEMPTION", owner: null });
    const notifications = await db.notification.findMany({ where: { shop }, orderBy: { channel: "asc" } });
    expect(notifications.map((row) => [row.channel, row.destination, row.redemptionId])).toEqual([
      ["EMAIL", customer.email, cards[0]!.redemptionId],
      ["SMS", customer.phone, cards[0]!.redemptionId],
    ]);
    expect(notifications[0]!.payload).toMatchObject({ code, claimUrl: `https://${shop}/apps/twincards/redeem?code=${code}` });
  });

  it("create-card by owner gives the customer an owned card, listed on their page", async () => {
    const shop = uniqueShop();
    const name = await customersName(shop);

    const page = await postForm(customerPath, shop, { intent: "create-card", mode: "owner", name: "Gold membership", publicKey: name.public_key });

    expect(page.status).toBe(200);
    const cards = await db.unitCard.findMany({ where: { shop } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: "Gold membership", status: "OWNED", owner, publicKey: name.public_key, redemptionId: null });
    expect(page.text).toContain("Cards (1) Gold membership");
  });

  it("create-card without a name or recipient shows the field errors and writes nothing", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher(customerPath, shop, { intent: "create-card", mode: "redemption", name: "", email: "not-an-email" });

    expect(result).toMatchObject({ intent: "create-card", ok: false });
    expect(Object.keys(result?.ok === false ? result.fieldErrors : {})).toEqual(expect.arrayContaining(["name", "email"]));
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("create-card by redemption with no e-mail or phone says so at the e-mail field in the merchant's words, and writes nothing", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher(customerPath, shop, { intent: "create-card", mode: "redemption", name: "Gift", email: "", phone: "" });

    expect(result).toMatchObject({
      intent: "create-card",
      ok: false,
      fieldErrors: { email: "Enter the customer's e-mail or phone number: the claim code is sent there" },
    });
    expect(JSON.stringify(result)).not.toMatch(/publicKey|owner/);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("answers 400 to an unknown intent", async () => {
    const shop = uniqueShop();
    const page = await postForm(customerPath, shop, { intent: "delete-everything" });

    expect(page.status).toBe(400);
    expect(page.text).toContain("Unknown intent “delete-everything”");
  });
});

describe("settings: API keys", () => {
  it("creates a key shown once that works against /v1, and revoking it locks /v1 out", async () => {
    const shop = uniqueShop();

    const created = await postForm("/app/settings", shop, { intent: "create", label: "WooCommerce store" });

    expect(created.status).toBe(200);
    expect(created.text).toContain("Copy your new API key “WooCommerce store” now");
    const key = fieldValues(created.body).find((value) => value.startsWith("tc_"));
    expect(key).toBeDefined();
    const row = await db.apiKey.findFirstOrThrow({ where: { shop } });
    expect(row).toMatchObject({ label: "WooCommerce store", revokedAt: null });
    expect(created.text).toContain(`WooCommerce store ${row.prefix}…`);
    expect((await http("/v1/unit-cards", { key })).status).toBe(200);

    const revoked = await postForm("/app/settings", shop, { intent: "revoke", id: row.id });

    expect(revoked.status).toBe(200);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).not.toBeNull();
    expect(revoked.text).toContain("Revoked");
    expect((await http("/v1/unit-cards", { key })).status).toBe(401);
  });

  it("shows the new key nowhere after the page is reloaded", async () => {
    const shop = uniqueShop();
    const created = await postForm("/app/settings", shop, { intent: "create", label: "Once" });
    const key = fieldValues(created.body).find((value) => value.startsWith("tc_"))!;

    const reloaded = await getPage("/app/settings", shop);

    expect(reloaded.status).toBe(200);
    expect(reloaded.text).toContain("Once");
    expect(reloaded.body).not.toContain(key);
  });
});

describe("cards: batch creation", () => {
  const batchField = (rows: { name: string; imageUrl?: string }[], extra: Record<string, string> = {}) =>
    JSON.stringify({
      mode: "redemption",
      email: "jane@example.com",
      phone: "",
      code: "",
      expiresOn: "",
      owner: "",
      publicKey: "",
      ...extra,
      rows: rows.map((row, index) => ({ key: `row-${index}`, name: row.name, imageUrl: row.imageUrl ?? "", videoUrl: "" })),
    });

  it("creates three cards sharing one redemption code, shown once", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, {
      intent: "create",
      batch: batchField([{ name: "Bronze", imageUrl: "https://cdn.example.com/b.png" }, { name: "Silver" }, { name: "Gold" }]),
    });

    expect(page.status).toBe(200);
    expect(page.text).toContain("3 cards created");
    expect(page.text).toContain("sent to j***@example.com");
    const code = fieldValues(page.body).find((value) => GENERATED_CODE.test(value));
    expect(code).toBeDefined();
    const cards = await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(cards.map((row) => row.name)).toEqual(["Bronze", "Silver", "Gold"]);
    expect(new Set(cards.map((row) => row.redemptionId)).size).toBe(1);
    expect(cards.every((row) => row.status === "PENDING_REDEMPTION")).toBe(true);
    expect(await db.redemption.count({ where: { shop } })).toBe(1);
    const notification = await db.notification.findFirstOrThrow({ where: { shop } });
    expect(notification).toMatchObject({ channel: "EMAIL", destination: "jane@example.com", redemptionId: cards[0]!.redemptionId });
    expect(notification.payload).toMatchObject({ code });

    const list = await getPage("/app/cards", shop);
    for (const name of ["Bronze", "Silver", "Gold"]) expect(list.text).toContain(name);
  });

  it("writes nothing when one card of the batch is bad, and says so", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, {
      intent: "create",
      batch: batchField([{ name: "Bronze" }, { name: "" }, { name: "Gold", imageUrl: "javascript:alert(1)" }]),
    });

    expect(page.status).toBe(200);
    expect(page.text).toContain("The cards weren’t created");
    expect(page.text).toContain("Nothing was saved");
    expect(page.text).not.toContain("cards created");
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("writes nothing for a batch field that is not JSON", async () => {
    const shop = uniqueShop();

    const page = await postForm("/app/cards/new", shop, { intent: "create", batch: "{not json" });

    expect(page.status).toBe(200);
    expect(page.text).toContain("The form could not be read. Reload the page and try again.");
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });
});

describe("security", () => {
  it("refuses a session token signed with another secret: 401 to actions, bounce for pages, nothing written", async () => {
    const shop = uniqueShop();
    const forged = adminToken(shop, { secret: "not-the-app-secret" });

    const action = await postForm(customerPath, shop, { intent: "create-card", mode: "redemption", name: "Forged", email: "x@example.com" }, { token: forged });
    const settings = await postForm("/app/settings", shop, { intent: "create", label: "Forged" }, { token: forged });
    const page = await getPage(customerPath, shop, { token: forged });

    for (const response of [action, settings]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
      expect(response.text).not.toContain(customer.name);
    }
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/session-token\?/);
    expect(new URL(page.location!, baseUrl).searchParams.has("id_token")).toBe(false);
    expect(page.text).not.toContain(customer.name);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
    expect(await db.session.count({ where: { shop } })).toBe(0);
  });

  it("refuses an expired session token the same way", async () => {
    const shop = uniqueShop();
    const expired = adminToken(shop, { expiredSecondsAgo: 3600 });

    const action = await postForm(customerPath, shop, { intent: "create-card", mode: "redemption", name: "Late", email: "x@example.com" }, { token: expired });
    const page = await getPage("/app", shop, { token: expired });

    expect(action.status).toBe(401);
    expect(action.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/session-token\?/);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("refuses a token for another app (wrong audience)", async () => {
    const shop = uniqueShop();
    const token = adminToken(shop, { apiKey: "another-apps-key" });
    expect(tokenClaims(token).aud).toBe("another-apps-key");

    const page = await postForm("/app/settings", shop, { intent: "create", label: "x" }, { token });

    expect(page.status).toBe(401);
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
  });

  it("never shows one shop's cards, names' twins or keys to another shop, nor lets it revoke them", async () => {
    const shopA = uniqueShop();
    const shopB = uniqueShop();
    const cardA = `A-only card ${uniqueName("secret")}`;
    const nameA = await customersName(shopA);
    await createCard(shopA, { ...card(cardA), owner, publicKey: nameA.public_key });
    await createCard(shopA, { ...card(`${cardA} pending`), email: "a@example.com" });
    await issueTwin(shopA, { name_id: nameA.uns_name_id, public_key: nameA.public_key, title: "A-only twin", quantity: 1 });
    const { key: keyA, apiKey } = await createApiKey({ shop: shopA, label: "A-only key" });
    await postForm(customerPath, shopB, { intent: "create-card", mode: "owner", name: "B card", publicKey: nameA.public_key });

    const [cardsA, cardsB, customerA, customerB, twinsA, twinsB, settingsA, settingsB] = await Promise.all([
      getPage("/app/cards", shopA),
      getPage("/app/cards", shopB),
      getPage(customerPath, shopA),
      getPage(customerPath, shopB),
      getPage("/app/twins", shopA),
      getPage("/app/twins", shopB),
      getPage("/app/settings", shopA),
      getPage("/app/settings", shopB),
    ]);
    const revokeByB = await submitFetcher("/app/settings", shopB, { intent: "revoke", id: apiKey.id });

    expect(cardsA.text).toContain(cardA);
    expect(cardsB.status).toBe(200);
    expect(cardsB.text).not.toContain(cardA);
    expect(cardsB.text).toContain("B card");
    expect(customerA.text).toContain(cardA);
    expect(customerA.text).toContain("A-only twin");
    expect(customerA.text).not.toContain("B card");
    expect(customerB.status).toBe(200);
    expect(customerB.text).toContain("Cards (1) B card");
    expect(customerB.text).not.toContain(cardA);
    expect(customerB.text).toContain("Digital twins (0)");
    expect(customerB.text).not.toContain("A-only twin");
    expect(twinsA.text).toContain("A-only twin");
    expect(twinsB.text).not.toContain("A-only twin");
    expect(settingsA.text).toContain("A-only key");
    expect(settingsB.text).not.toContain("A-only key");
    expect(revokeByB.result).toMatchObject({ intent: "revoke", ok: false });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).revokedAt).toBeNull();
    expect((await http("/v1/unit-cards", { key: keyA })).status).toBe(200);
    expect(await db.unitCard.count({ where: { shop: shopA } })).toBe(2);
  });

  it("answers 410 to a bot user agent before any auth", async () => {
    const shop = uniqueShop();
    const response = await fetch(`${baseUrl}${customerPath}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "create-card", mode: "redemption", name: "Bot", email: "x@example.com" }),
      headers: { "User-Agent": "curl/8.5.0", Authorization: `Bearer ${adminToken(shop)}` },
      redirect: "manual",
    });

    expect(response.status).toBe(410);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });
});

describe("demo harness", () => {
  it("does not exist in production (no DEMO_MODE)", async () => {
    for (const path of ["/demo", "/demo/session-token", "/demo/app-bridge.js", "/demo?to=/app/customers"]) {
      expect((await getRaw(`${baseUrl}${path}`)).status, path).toBe(404);
    }
    const page = await getPage("/app", uniqueShop());
    expect(page.body).toContain('src="https://cdn.shopify.com/shopifycloud/app-bridge.js"');
    expect(page.body).not.toContain("/demo/app-bridge.js");
  });

  it("/demo opens the embedded admin for the demo shop with a token the app accepts", async () => {
    const entry = await getRaw(`${demoUrl}/demo`);

    expect(entry.status).toBe(302);
    const target = new URL(entry.location!, demoUrl);
    expect(target.pathname).toBe("/app");
    expect(target.searchParams.get("embedded")).toBe("1");
    expect(target.searchParams.get("shop")).toBe(DEMO_SHOP_DOMAIN);
    expect(target.searchParams.get("host")).toBe(adminHost(DEMO_SHOP_DOMAIN));
    expect(tokenClaims(target.searchParams.get("id_token")!)).toMatchObject({ dest: `https://${DEMO_SHOP_DOMAIN}`, aud: API_KEY });

    const home = await getRaw(`${demoUrl}${target.pathname}${target.search}`);

    expect(home.status).toBe(200);
    expect(home.text).toContain("Twin Cards");
    expect(home.text).toContain("Cards waiting to be claimed");
    expect(home.body).toContain('src="/demo/app-bridge.js"');
  });

  it("/demo?to= opens an admin page, and only an admin page", async () => {
    const customers = await getRaw(`${demoUrl}/demo?to=${encodeURIComponent("/app/customers")}`);
    const elsewhere = await getRaw(`${demoUrl}/demo?to=${encodeURIComponent("https://evil.example.com/app")}`);

    expect(new URL(customers.location!, demoUrl).pathname).toBe("/app/customers");
    expect(new URL(elsewhere.location!, demoUrl).origin).toBe(new URL(demoUrl).origin);
    expect(new URL(elsewhere.location!, demoUrl).pathname).toBe("/app");

    const target = new URL(customers.location!, demoUrl);
    const page = await getRaw(target.href);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Anna Schmidt");
  });

  it("/demo/session-token hands out a fresh token for the demo shop that works as a Bearer token", async () => {
    const response = await getRaw(`${demoUrl}/demo/session-token`);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { token } = JSON.parse(response.body) as { token: string };
    expect(tokenClaims(token)).toMatchObject({ iss: `https://${DEMO_SHOP_DOMAIN}/admin`, dest: `https://${DEMO_SHOP_DOMAIN}`, aud: API_KEY });

    // Read-only on purpose: the browser tests work in the demo shop.
    const unknown = uniqueName("demo");
    const action = await submitFetcher(customerPath, DEMO_SHOP_DOMAIN, { intent: "validate-name", name: unknown }, { token, base: demoUrl });
    expect(action.status).toBe(200);
    expect(action.result?.ok === false && action.result.fieldErrors.name).toContain(`No universal name “${unknown}” is registered`);
    const settings = await getPage("/app/settings", DEMO_SHOP_DOMAIN, { token, base: demoUrl });
    expect(settings.status).toBe(200);
    expect(settings.text).toContain("API keys");
  });

  it("/demo/app-bridge.js serves the local App Bridge script", async () => {
    const response = await getRaw(`${demoUrl}/demo/app-bridge.js`);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.body).toContain("/demo/session-token");
    expect(response.body).toContain("toast");
  });
});

describe("admin link from Shopify's customer page", () => {
  it("redirects a customer gid to that customer's page, which then opens", async () => {
    const shop = uniqueShop();

    const link = await getPage(`/app/customer-link?id=${encodeURIComponent(customer.gid)}`, shop);

    expect(link.status).toBe(302);
    const target = new URL(link.location!, baseUrl);
    expect(target.pathname).toBe(customerPath);
    const page = await getRaw(`${baseUrl}${target.pathname}${target.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(customer.name);
  });

  it("takes a plain numeric id too, and sends anything else to the customer list", async () => {
    const shop = uniqueShop();

    const numeric = await getPage(`/app/customer-link?id=${otherCustomer.id}`, shop);
    const garbage = await getPage("/app/customer-link?id=not-a-customer", shop);

    expect(numeric.status).toBe(302);
    expect(new URL(numeric.location!, baseUrl).pathname).toBe(`/app/customers/${otherCustomer.id}`);
    expect(garbage.status).toBe(302);
    expect(new URL(garbage.location!, baseUrl).pathname).toBe("/app/customers");
  });
});
