import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_QUERY, CUSTOMERS_QUERY, getCustomer, listCustomers, type GraphqlClient } from "~/adapters/shopify/admin-customers.server";
import { DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";

const GRAPHQL_PATH = "/admin/api/2026-07/graphql.json";
const TOKEN_EXCHANGE = {
  client_id: "test-api-key",
  client_secret: "test-api-secret",
  grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
  subject_token: "header.payload.signature",
  subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
  requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
};

interface CustomerNode {
  id: string;
  displayName: string;
  email: string | null;
  phone: string | null;
  numberOfOrders: string;
}
interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
interface CustomersData {
  customers: { nodes: CustomerNode[]; pageInfo: PageInfo };
}
interface LineItem {
  quantity: number;
  originalUnitPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  product: {
    id: string;
    title: string;
    description: string;
    vendor: string;
    productType: string;
    tags: string[];
    onlineStoreUrl: string;
    images: { nodes: { url: string }[] };
  };
}
interface CustomerData {
  customer: (CustomerNode & { createdAt: string; orders: { nodes: { name: string; lineItems: { nodes: LineItem[] } }[] } }) | null;
}

let stub: AdminApiStub;
let token: string;

const exchangeToken = (body: string, contentType: string) =>
  fetch(`${stub.url}/admin/oauth/access_token`, { method: "POST", headers: { "Content-Type": contentType }, body });

const postGraphql = (query: string, variables: Record<string, unknown>, accessToken: string | null = token) =>
  fetch(`${stub.url}${GRAPHQL_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(accessToken ? { "X-Shopify-Access-Token": accessToken } : {}) },
    body: JSON.stringify({ query, variables }),
  });

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await postGraphql(query, variables);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** Follows endCursor until the last page; returns the names in the order received and the page count. */
async function pageThrough(first: number, search: string | null = null) {
  const names: string[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const { customers } = await graphql<CustomersData>(CUSTOMERS_QUERY, { query: search, first, after });
    expect(customers.pageInfo.hasPreviousPage).toBe(pages > 0);
    names.push(...customers.nodes.map((node) => node.displayName));
    pages++;
    after = customers.pageInfo.hasNextPage ? customers.pageInfo.endCursor! : undefined;
  } while (after);
  return { names, pages };
}

const sortedNames = DEMO_CUSTOMERS.map((customer) => customer.name).sort((a, b) => a.localeCompare(b));
const customerNamed = (name: string) => DEMO_CUSTOMERS.find((customer) => customer.name === name)!;
const productById = new Map(DEMO_PRODUCTS.map((product) => [product.id, product]));
const DECIMALS: Record<string, number> = { EUR: 2, USD: 2, GBP: 2, JPY: 0, KWD: 3 };

/**
 * Shopify's bucket size, refilled at once: this file's queries, one after the other as fast as the
 * machine goes, never wait on the clock; the throttling test empties it on purpose.
 */
const BUCKET = { maximumAvailable: 2000, restoreRate: 1_000_000 };

beforeAll(async () => {
  stub = await startAdminApiStub({ port: 0, rateLimit: BUCKET });
  const response = await exchangeToken(JSON.stringify(TOKEN_EXCHANGE), "application/json");
  token = ((await response.json()) as { access_token: string }).access_token;
});

afterAll(() => stub.close());

describe("Admin API stub: token exchange", () => {
  it("issues an offline token with the app's scopes, for JSON and form bodies", async () => {
    const json = await exchangeToken(JSON.stringify(TOKEN_EXCHANGE), "application/json");
    expect(json.status).toBe(200);
    const issued = (await json.json()) as { access_token: string; scope: string };
    expect(issued.access_token).toMatch(/^shpat_stub_[0-9a-f]{16,}$/);
    expect(issued.scope).toBe("read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy");

    const form = await exchangeToken(new URLSearchParams(TOKEN_EXCHANGE).toString(), "application/x-www-form-urlencoded");
    expect(form.status).toBe(200);
    const second = (await form.json()) as { access_token: string };
    expect(second.access_token).toMatch(/^shpat_stub_/);
    expect(second.access_token).not.toBe(issued.access_token);
    // Issued tokens are remembered: the form-issued one works for GraphQL.
    expect((await postGraphql(CUSTOMERS_QUERY, { first: 1 }, second.access_token)).status).toBe(200);
  });

  it.each(["client_id", "subject_token"])("answers 400 with a JSON error when %s is missing", async (field) => {
    const body = Object.fromEntries(Object.entries(TOKEN_EXCHANGE).filter(([key]) => key !== field));
    const response = await exchangeToken(JSON.stringify(body), "application/json");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe("Admin API stub: GraphQL", () => {
  it("answers 401 to a token it did not issue, or none", async () => {
    for (const accessToken of ["shpat_not_issued_here", null]) {
      const response = await postGraphql(CUSTOMERS_QUERY, { first: 5 }, accessToken);
      expect(response.status).toBe(401);
      const body = (await response.json()) as { errors: string };
      expect(body.errors).toContain("[API] Invalid API key or access token");
    }
  });

  it("answers a document Shopify's schema refuses exactly as Shopify does, naming the field, and runs nothing", async () => {
    // The shop profile as the app asked it before issue 38: the Admin API's Shop has no brand (the Storefront API's has).
    const response = await postGraphql(
      "query TwinCardsShopProfile {\n  shop {\n    id name\n    brand { logo { image { url } } }\n  }\n}",
      {},
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: "Field 'brand' doesn't exist on type 'Shop'",
          locations: [{ line: 4, column: 5 }],
          path: ["query TwinCardsShopProfile", "shop", "brand"],
          extensions: { code: "undefinedField", typeName: "Shop", fieldName: "brand" },
        },
      ],
    });
    expect(stub.graphqlLog.at(-1)).toMatchObject({
      operation: "TwinCardsShopProfile",
      refused: "undefinedField",
      requestedQueryCost: null,
    });
    const argument = await postGraphql("query { customers(first: 1, color: RED) { nodes { id } } }", {});
    expect(((await argument.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({
        message: "Field 'customers' doesn't accept argument 'color'",
        extensions: { code: "argumentNotAccepted", name: "customers", typeName: "Field", argumentName: "color" },
      }),
    ]);
    const unpaged = await postGraphql("query { customers { nodes { id } } }", {});
    expect(((await unpaged.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe("you must provide one of first or last");
  });

  it("prices every answer in extensions.cost, refuses a query over 1,000 points, and throttles when the shop's bucket is short", async () => {
    const priced = (await (await postGraphql(CUSTOMERS_QUERY, { first: 5 })).json()) as { extensions: { cost: Record<string, unknown> } };
    // 2 for the connection, 1 for each of the 5 customers asked (their fields are scalars).
    expect(priced.extensions.cost).toEqual({
      requestedQueryCost: 7,
      actualQueryCost: 7,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: BUCKET.restoreRate },
    });
    // A customer's 20 orders of 50 lines with 10 images each, as the app asked before issue 38.
    const tooDear = `query TwinCardsCustomer($id: ID!) { customer(id: $id) { orders(first: 20) { nodes { lineItems(first: 50) { nodes { product { images(first: 10) { nodes { url } } } } } } } } }`;
    const refused = (await (await postGraphql(tooDear, { id: DEMO_CUSTOMERS[0]!.gid })).json()) as {
      data?: unknown;
      errors: { extensions: unknown }[];
    };
    expect(refused.data).toBeUndefined();
    expect(refused.errors[0]!.extensions).toEqual({
      code: "MAX_COST_EXCEEDED",
      cost: 14063,
      maxCost: 1000,
      documentation: "https://shopify.dev/api/usage/rate-limits",
    });
    stub.setRateLimit({ currentlyAvailable: 5, restoreRate: 1 });
    try {
      const throttled = (await (await postGraphql(CUSTOMERS_QUERY, { first: 5 })).json()) as Record<string, unknown>;
      expect(throttled).toEqual({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
        extensions: {
          cost: {
            requestedQueryCost: 7,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 1 },
          },
        },
      });
      expect(stub.graphqlLog.at(-1)).toMatchObject({ operation: "TwinCardsCustomers", refused: "THROTTLED", requestedQueryCost: 7 });
      const log = (await (await fetch(`${stub.url}/_stub/graphql-log`)).json()) as {
        calls: { refused: string | null }[];
        faults: unknown[];
      };
      expect(log.calls.filter((call) => call.refused === "THROTTLED")).toHaveLength(1);
      expect(log.faults).toEqual([]);
    } finally {
      stub.setRateLimit(BUCKET);
    }
  });

  it("pages through every customer, sorted by name, 20 at a time and 5 at a time", async () => {
    expect(DEMO_CUSTOMERS.length).toBeGreaterThan(20);
    const byTwenty = await pageThrough(20);
    expect(byTwenty.names).toEqual(sortedNames);
    expect(byTwenty.pages).toBe(Math.ceil(DEMO_CUSTOMERS.length / 20));
    const byFive = await pageThrough(5);
    expect(byFive.names).toEqual(sortedNames);
    expect(byFive.pages).toBe(Math.ceil(DEMO_CUSTOMERS.length / 5));
  });

  it("pages backwards with last/before", async () => {
    const { customers: firstTen } = await graphql<CustomersData>(CUSTOMERS_QUERY, {
      query: null,
      first: 10,
      after: null,
      last: null,
      before: null,
    });
    const { customers: before } = await graphql<CustomersData>(CUSTOMERS_QUERY, { last: 4, before: firstTen.pageInfo.endCursor });
    expect(before.nodes.map((node) => node.displayName)).toEqual(sortedNames.slice(5, 9));
    expect(before.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it("returns customer nodes in Shopify's shape", async () => {
    const { customers } = await graphql<CustomersData>(CUSTOMERS_QUERY, { query: "Olivia", first: 20 });
    const olivia = customerNamed("Olivia Bennett");
    expect(customers.nodes).toEqual([
      {
        id: `gid://shopify/Customer/${olivia.id}`,
        displayName: "Olivia Bennett",
        email: "olivia.bennett@example.com",
        phone: "+447700900123",
        numberOfOrders: String(DEMO_ORDERS.get(olivia.id)!.length),
        firstName: "Olivia",
        locale: "en-GB",
      },
    ]);
    expect(customers.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it("searches case-insensitively by part of a name, an e-mail or a phone number", async () => {
    const namesFor = async (query: string) => (await pageThrough(20, query)).names;
    expect(await namesFor("schmi")).toEqual(["Anna Schmidt"]);
    expect(await namesFor("BECKER")).toEqual(["Lukas Becker"]);
    expect(await namesFor("harry.patel@example")).toEqual(["Harry Patel"]);
    const orgCustomers = DEMO_CUSTOMERS.filter((c) => c.email.endsWith("@example.org")).map((c) => c.name);
    expect(await namesFor("example.org")).toEqual([...orgCustomers].sort((a, b) => a.localeCompare(b)));
    expect(await namesFor("+8190")).toEqual(["Yuki Tanaka"]);
    expect(await namesFor("nobody-by-this-name")).toEqual([]);
    expect(await namesFor("")).toEqual(sortedNames);
  });

  it("returns a customer's orders, newest first, with their products", async () => {
    const busiest = [...DEMO_CUSTOMERS].sort((a, b) => DEMO_ORDERS.get(b.id)!.length - DEMO_ORDERS.get(a.id)!.length)[0]!;
    const orders = DEMO_ORDERS.get(busiest.id)!;
    const { customer } = await graphql<CustomerData>(CUSTOMER_QUERY, { id: busiest.gid });
    expect(customer).toMatchObject({
      id: busiest.gid,
      displayName: busiest.name,
      createdAt: busiest.createdAt,
      numberOfOrders: String(orders.length),
    });
    const names = customer!.orders.nodes.map((order) => order.name);
    expect(names).toEqual(orders.map((order) => order.name));
    const numbers = names.map((name) => Number(name.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    for (const item of customer!.orders.nodes.flatMap((order) => order.lineItems.nodes)) {
      const product = productById.get(item.product.id.replace("gid://shopify/Product/", ""))!;
      expect(item.product).toEqual({
        id: `gid://shopify/Product/${product.id}`,
        title: product.title,
        description: product.description,
        vendor: product.vendor,
        productType: product.productType,
        tags: product.tags,
        onlineStoreUrl: `https://twin-cards-demo.myshopify.com/products/${product.handle}`,
        images: { nodes: product.imageFiles.map((file) => ({ url: `${stub.url}/images/${file}` })) },
      });
      expect(item.originalUnitPriceSet.shopMoney).toEqual({ amount: product.prices[busiest.currency], currencyCode: busiest.currency });
      expect(item.quantity).toBeGreaterThanOrEqual(1);
    }
  });

  it("prices orders in several currencies, each with its own precision", async () => {
    const items = (await Promise.all(DEMO_CUSTOMERS.map((c) => graphql<CustomerData>(CUSTOMER_QUERY, { id: c.gid })))).flatMap(
      ({ customer }) => customer!.orders.nodes.flatMap((order) => order.lineItems.nodes),
    );
    const currencies = new Set(items.map((item) => item.originalUnitPriceSet.shopMoney.currencyCode));
    expect([...currencies]).toEqual(expect.arrayContaining(["EUR", "USD", "GBP", "JPY"]));
    for (const { amount, currencyCode } of items.map((item) => item.originalUnitPriceSet.shopMoney)) {
      const decimals = DECIMALS[currencyCode]!;
      expect(amount).toMatch(decimals ? new RegExp(`^\\d+\\.\\d{${decimals}}$`) : /^\d+$/);
    }
    expect(items.some((item) => item.quantity > 1)).toBe(true);
  });

  it("answers null for a customer the shop does not have", async () => {
    expect(await graphql<CustomerData>(CUSTOMER_QUERY, { id: "gid://shopify/Customer/1" })).toEqual({ customer: null });
  });
});

describe("Admin API stub: images and other paths", () => {
  it("serves the product images named in the data as SVG", async () => {
    const { customer } = await graphql<CustomerData>(CUSTOMER_QUERY, { id: DEMO_CUSTOMERS[0]!.gid });
    const product = customer!.orders.nodes[0]!.lineItems.nodes[0]!.product;
    const response = await fetch(product.images.nodes[0]!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(product.title.replaceAll("&", "&amp;"));
  });

  it("answers 404 to unknown images and paths", async () => {
    expect((await fetch(`${stub.url}/images/no-such-product-1.svg`)).status).toBe(404);
    expect((await fetch(`${stub.url}/admin/api/2026-07/products.json`)).status).toBe(404);
    expect((await fetch(`${stub.url}/`)).status).toBe(404);
  });
});

describe("Admin API stub: the app's own adapter against it", () => {
  const adminGraphql: GraphqlClient = (query, options) => postGraphql(query, options?.variables ?? {});

  it("lists customers page by page with listCustomers", async () => {
    const first = await listCustomers(adminGraphql, {});
    expect(first.items.map((c) => c.name)).toEqual(sortedNames.slice(0, 20));
    expect(first.previousCursor).toBeNull();
    expect(first.nextCursor).toEqual(expect.any(String));
    const anna = customerNamed("Anna Schmidt");
    expect(first.items.find((c) => c.name === "Anna Schmidt")).toEqual({
      id: anna.id,
      name: "Anna Schmidt",
      email: "anna.schmidt@example.com",
      phone: "+4915112345678",
      ordersCount: DEMO_ORDERS.get(anna.id)!.length,
      firstName: "Anna",
      locale: "de",
    });
    for (const item of first.items) expect(item.id).toMatch(/^\d+$/);

    const second = await listCustomers(adminGraphql, { after: first.nextCursor! });
    expect(second.items.map((c) => c.name)).toEqual(sortedNames.slice(20));
    expect(second.nextCursor).toBeNull();
    const back = await listCustomers(adminGraphql, { before: second.previousCursor! });
    expect(back.items.map((c) => c.name)).toEqual(sortedNames.slice(0, 20));

    expect((await listCustomers(adminGraphql, { search: "tanaka" })).items.map((c) => c.name)).toEqual(["Yuki Tanaka"]);
    const operations = stub.requests.filter((r) => r.path === GRAPHQL_PATH).map((r) => r.operation);
    expect(operations).toContain("TwinCardsCustomers");
  });

  it("maps a customer's ordered products with getCustomer", async () => {
    for (const name of ["Yuki Tanaka", "Olivia Bennett"]) {
      const demo = customerNamed(name);
      const detail = await getCustomer(adminGraphql, demo.id);
      const expected = DEMO_ORDERS.get(demo.id)!.flatMap((order) =>
        order.lineItems.map((item) => ({
          productId: item.product.id,
          title: item.product.title,
          price: item.product.prices[demo.currency],
          currency: demo.currency,
          vendor: item.product.vendor,
          url: `https://twin-cards-demo.myshopify.com/products/${item.product.handle}`,
          images: item.product.imageFiles.map((file) => `${stub.url}/images/${file}`),
          quantity: item.quantity,
          orderName: order.name,
        })),
      );
      expect(detail).toMatchObject({ id: demo.id, name, createdAt: demo.createdAt, ordersCount: DEMO_ORDERS.get(demo.id)!.length });
      expect(detail!.orderedProducts).toMatchObject(expected);
      for (const product of detail!.orderedProducts) {
        expect(product.productId).toMatch(/^\d+$/);
        expect(product.orderName).toMatch(/^#\d{4}$/);
        expect(product.images.length).toBeGreaterThanOrEqual(1);
      }
    }
    expect(await getCustomer(adminGraphql, "1")).toBeNull();
    expect(stub.requests.some((r) => r.operation === "TwinCardsCustomer")).toBe(true);
  });
});
