import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { registerName } from "~/domain/names.server";
import { DEMO_CUSTOMERS, DEMO_ORDERS } from "../../stubs/admin-api/demo-data";
import { baseUrl, getPage, getRaw, pageData, postForm, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { GENERATED_CODE, uniqueName, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// Customers and a customer's page: the list, twins in two steps, names and cards for a customer, the link from Shopify's customer page.

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

describe("customers", () => {
  it("lists the shop's customers from the Admin API", async () => {
    const page = await getPage("/app/customers", uniqueShop());

    expect(page.status).toBe(200);
    const firstByName = DEMO_CUSTOMERS.map((entry) => entry.name)
      .sort((a, b) => a.localeCompare(b))
      .slice(0, 5);
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
    const { customer: loaded } = routes["routes/app.customers.$id"] as {
      customer: { orderedProducts: { title: string; price: string; currency: string; vendor: string }[] };
    };
    expect(orderedProducts.length).toBeGreaterThan(0);
    expect(loaded.orderedProducts).toEqual(
      orderedProducts.map((item) =>
        expect.objectContaining({
          title: item.product.title,
          price: item.unitPrice.amount,
          currency: item.unitPrice.currencyCode,
          vendor: item.product.vendor,
        }),
      ),
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
    const step2 = await submitFetcher(
      customerPath,
      shop,
      twinFields({ uns_name_id: "uns_01BOGUSBOGUSBOGUSBOGUSBOGU", public_key: walletKey() }),
    );

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
    const row = await db.universalName.findFirstOrThrow({ where: { name } });
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

    const page = await postForm(customerPath, shop, {
      intent: "create-card",
      mode: "owner",
      name: "Gold membership",
      publicKey: name.public_key,
    });

    expect(page.status).toBe(200);
    const cards = await db.unitCard.findMany({ where: { shop } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ name: "Gold membership", status: "OWNED", owner, publicKey: name.public_key, redemptionId: null });
    expect(page.text).toContain("Cards (1) Gold membership");
  });

  it("create-card without a name or recipient shows the field errors and writes nothing", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher(customerPath, shop, {
      intent: "create-card",
      mode: "redemption",
      name: "",
      email: "not-an-email",
    });

    expect(result).toMatchObject({ intent: "create-card", ok: false });
    expect(Object.keys(result?.ok === false ? result.fieldErrors : {})).toEqual(expect.arrayContaining(["name", "email"]));
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("create-card by redemption with no e-mail or phone says so at the e-mail field in the merchant's words, and writes nothing", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher(customerPath, shop, {
      intent: "create-card",
      mode: "redemption",
      name: "Gift",
      email: "",
      phone: "",
    });

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
