// A local stand-in for a shop's Admin API (demo and tests only): the token
// exchange of Shopify's embedded auth, the GraphQL operations the app sends
// (app/adapters/shopify/admin-*.server.ts), Shopify Flow's flowTriggerReceive
// (flow.ts), the demo product images, and control endpoints under /_stub/
// (control.ts) that place orders and send the app their signed webhooks.
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleControl } from "./control";
import { buildDemoData, collectionsOf, DEMO_CUSTOMERS, DEMO_PRODUCTS, type ShopCustomer, type ShopProduct } from "./demo-data";
import { createShopSettings, logoPng, shopProfileData } from "./shop-settings";
import { demoImages } from "./images";
import { createFlowInbox, type ReceivedFlowTrigger } from "./flow";
import { createOrderBook, type StubOrder } from "./order-book";
import { createCatalogue, filesPage, type PickerType } from "./catalogue";
import { createBulkOperations, pastOrderNode, searchOrders, seedPastOrders } from "./past-orders";
import { createWebhookSender, type WebhookTarget } from "./webhook-sender";
import { readBody } from "../shared/read-body";
import { createBilling } from "./billing";

const SCOPE = "read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy";

export interface AdminApiStub {
  url: string;
  /** What the app asked, in order (tests assert on it). */
  requests: { method: string; path: string; shop: string | undefined; operation?: string }[];
  /** The Shopify Flow triggers it took (flowTriggerReceive), oldest first. */
  flowTriggers(shop?: string): ReceivedFlowTrigger[];
  /** Where the order webhooks go (the app's URL may be known only after the stub started); undefined: nowhere. */
  setWebhookTarget(target: WebhookTarget | undefined): void;
  close(): Promise<void>;
}

export type { WebhookTarget };

export async function startAdminApiStub(
  options: {
    port?: number;
    host?: string;
    webhookTarget?: WebhookTarget;
    /** A shop whose order book starts with past orders (the demo's), for a rule applied to past orders. */
    pastOrdersFor?: string;
  } = {},
): Promise<AdminApiStub> {
  const images = demoImages();
  const tokens = new Set<string>();
  const requests: AdminApiStub["requests"] = [];
  const orders = createOrderBook();
  const bulk = createBulkOperations();
  if (options.pastOrdersFor)
    seedPastOrders(
      orders,
      options.pastOrdersFor,
      DEMO_CUSTOMERS,
      DEMO_PRODUCTS.map((product) => product.id),
    );
  const webhooks = createWebhookSender(options.webhookTarget);
  const shops = createShopSettings();
  const catalogue = createCatalogue();
  const flow = createFlowInbox();
  const billing = createBilling(webhooks, () => baseUrl());
  let data: ReturnType<typeof buildDemoData> | undefined;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const shop = req.headers["x-shopify-shop-domain"] as string | undefined;
    try {
      if (req.method === "GET" && url.pathname === "/images/logo.png") {
        res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" });
        return res.end(logoPng());
      }
      if (req.method === "GET" && url.pathname.startsWith("/images/")) {
        const svg = images.get(url.pathname.slice("/images/".length));
        if (!svg) return send(res, 404, { errors: "Not Found" });
        res.writeHead(200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" });
        return res.end(svg);
      }
      const bulkFile = /^\/_bulk\/(\w+)\.jsonl$/.exec(url.pathname);
      if (req.method === "GET" && bulkFile) {
        const file = bulk.file(bulkFile[1]!);
        if (file === undefined) return send(res, 404, { errors: "Not Found" });
        res.writeHead(200, { "Content-Type": "application/jsonl" });
        return res.end(file);
      }
      if (req.method === "GET" && url.pathname === "/_stub/flow-triggers")
        return send(res, 200, { triggers: flow.list(url.searchParams.get("shop")) });
      const body = await readBody(req);
      if (req.method === "GET" && url.pathname === "/_stub/resource-picker") {
        const type = (["product", "variant", "collection"] as const).find((candidate) => candidate === url.searchParams.get("type"));
        if (!type) return send(res, 400, { error: "type must be product, variant or collection", field: "type" });
        const products = (data ??= buildDemoData(baseUrl())).products;
        const pickerShop = url.searchParams.get("shop") ?? undefined;
        return send(res, 200, {
          resources: catalogue.pickerResources(pickerShop, type as PickerType, url.searchParams.get("query") ?? "", products),
        });
      }
      if (req.method === "POST" && url.pathname === "/_stub/products") {
        const { shop: owner, title } = JSON.parse(body || "{}") as { shop?: unknown; title?: unknown };
        if (typeof owner !== "string" || typeof title !== "string" || !title)
          return send(res, 400, { error: "shop and title are required" });
        return send(res, 201, catalogue.addProduct(owner, title));
      }
      const confirmation = await billing.confirmation(req.method ?? "GET", url, body);
      if (confirmation) {
        res.writeHead(confirmation.status, confirmation.headers);
        return res.end(confirmation.body);
      }
      if (url.pathname.startsWith("/_stub/")) {
        const result = await handleControl(req.method ?? "GET", url.pathname, body, { orders, webhooks, shops });
        return result ? send(res, result.status, result.body) : send(res, 404, { error: "Not Found" });
      }
      if (req.method === "POST" && url.pathname === "/admin/oauth/access_token") {
        requests.push({ method: "POST", path: url.pathname, shop });
        const fields = parseFields(body, req.headers["content-type"]);
        if (!fields.client_id || !fields.subject_token)
          return send(res, 400, { error: "invalid_request", error_description: "client_id and subject_token are required" });
        const token = `shpat_stub_${randomBytes(16).toString("hex")}`;
        tokens.add(token);
        return send(res, 200, { access_token: token, scope: SCOPE });
      }
      if (req.method === "POST" && /^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) {
        const { query = "", variables = {} } = JSON.parse(body || "{}") as { query?: string; variables?: Record<string, unknown> };
        const operation = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
        requests.push({ method: "POST", path: url.pathname, shop, operation });
        if (!tokens.has(String(req.headers["x-shopify-access-token"] ?? ""))) {
          return send(res, 401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
        }
        const demo = (data ??= buildDemoData(baseUrl()));
        const { products } = demo;
        // Each customer's history in this shop: the orders placed through /_stub/orders, then the seeded ones (built for the operations that read customers).
        const customers = () =>
          demo.customers.map((customer) => withPlacedOrders(customer, orders.ofCustomer(shop, customer.id), products));
        if (operation === "TwinCardsCustomers") return send(res, 200, { data: { customers: customersPage(customers(), variables) } });
        if (operation === "TwinCardsCustomer") {
          const customer = customers().find((candidate) => candidate.gid === variables.id);
          return send(res, 200, { data: { customer: customer ? customerNode(customer, true) : null } });
        }
        if (operation === "TwinCardsOrder") {
          const order = orders.get(shop, String(variables.id ?? "").replace("gid://shopify/Order/", ""));
          return send(res, 200, { data: { order: order ? orderNode(order, products) : null } });
        }
        if (operation === "TwinCardsRuleTarget") return send(res, 200, { data: { node: catalogue.node(shop, variables.id, products) } });
        if (operation === "TwinCardsFiles") return send(res, 200, { data: filesPage(products, baseUrl(), variables) });
        const search = typeof variables.query === "string" ? variables.query : "";
        if (operation === "TwinCardsPastOrdersCount")
          return send(res, 200, { data: { ordersCount: { count: searchOrders(orders, shop, search).length, precision: "EXACT" } } });
        if (operation === "TwinCardsPastOrders") {
          const first = typeof variables.first === "number" ? variables.first : 50;
          const found = searchOrders(orders, shop, search).slice(0, first);
          return send(res, 200, { data: { orders: { nodes: found.map((order) => pastOrderNode(order, products)) } } });
        }
        if (operation === "TwinCardsPastOrdersBulk")
          return send(res, 200, { data: { bulkOperationRunQuery: bulk.run(orders, shop, search, products) } });
        if (operation === "TwinCardsBulkOperation")
          return send(res, 200, { data: { node: bulk.node(shop, String(variables.id ?? ""), baseUrl()) } });
        if (operation === "TwinCardsFlowTrigger") return send(res, 200, { data: flow.receive(shop, variables) });
        if (operation === "TwinCardsShopTimeZone") return send(res, 200, { data: { shop: { ianaTimezone: shops.get(shop).timeZone } } });
        if (operation === "TwinCardsShopProfile") return send(res, 200, { data: shopProfileData(shops.get(shop), baseUrl()) });
        const billed = billing.graphql(operation, shop, variables);
        if (billed) return send(res, 200, billed);
        if (operation === "TwinCardsCustomerNames") {
          const ids = Array.isArray(variables.ids) ? variables.ids : [];
          const known = customers();
          const nodes = ids.map((id) => known.find((candidate) => candidate.gid === id) ?? null);
          return send(res, 200, {
            data: { nodes: nodes.map((customer) => (customer ? { id: customer.gid, displayName: customer.name } : null)) },
          });
        }
        return send(res, 200, { errors: [{ message: `Unknown operation ${operation ?? "(unnamed)"}` }] });
      }
      send(res, 404, { errors: "Not Found" });
    } catch (error) {
      send(res, 500, { errors: (error as Error).message });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const baseUrl = () => {
    const { address, port } = server.address() as AddressInfo;
    return `http://${address}:${port}`;
  };
  return {
    url: baseUrl(),
    requests,
    flowTriggers: (shop) => flow.list(shop),
    setWebhookTarget: (target) => webhooks.setTarget(target),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function withPlacedOrders(customer: ShopCustomer, placed: StubOrder[], products: ShopProduct[]): ShopCustomer {
  if (placed.length === 0) return customer;
  const productOf = (id: string) => products.find((product) => product.id === id)!;
  const recent = placed.map((order) => ({
    name: order.name,
    createdAt: order.createdAt,
    lineItems: order.lines.map((line) => ({
      product: productOf(line.product.id),
      quantity: line.currentQuantity,
      unitPrice: line.unitPrice,
    })),
  }));
  return { ...customer, orders: [...recent, ...customer.orders] };
}

/** `TwinCardsOrder` (app/adapters/shopify/admin-orders.server.ts) for a placed order. */
function orderNode(order: StubOrder, products: ShopProduct[]) {
  return {
    id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    email: order.email,
    phone: order.phone,
    customerLocale: order.customerLocale,
    cancelledAt: order.cancelledAt,
    customer: order.customer && { id: order.customer.gid, firstName: order.customer.firstName, locale: order.customer.locale },
    lineItems: {
      nodes: order.lines.map((line) => {
        const product = products.find((candidate) => candidate.id === line.product.id)!;
        return {
          id: `gid://shopify/LineItem/${line.id}`,
          title: product.title,
          currentQuantity: line.currentQuantity,
          variant: { id: product.variantGid, barcode: product.barcode },
          originalUnitPriceSet: { shopMoney: line.unitPrice },
          product: {
            id: product.gid,
            title: product.title,
            description: product.description,
            vendor: product.vendor,
            productType: product.productType,
            tags: product.tags,
            onlineStoreUrl: product.onlineStoreUrl,
            images: { nodes: product.images.map((url) => ({ url })) },
            collections: { nodes: collectionsOf(product).map((id) => ({ id })) },
          },
        };
      }),
    },
  };
}

function customerNode(customer: ShopCustomer, withOrders = false) {
  const node = {
    id: customer.gid,
    displayName: customer.name,
    email: customer.email,
    phone: customer.phone,
    numberOfOrders: String(customer.orders.length),
    firstName: customer.firstName,
    locale: customer.locale,
  };
  if (!withOrders) return node;
  return {
    ...node,
    createdAt: customer.createdAt,
    orders: {
      nodes: customer.orders.map((order) => ({
        name: order.name,
        lineItems: {
          nodes: order.lineItems.map((item) => ({
            quantity: item.quantity,
            originalUnitPriceSet: { shopMoney: item.unitPrice },
            variant: { id: item.product.variantGid, barcode: item.product.barcode },
            product: {
              id: item.product.gid,
              title: item.product.title,
              description: item.product.description,
              vendor: item.product.vendor,
              productType: item.product.productType,
              tags: item.product.tags,
              onlineStoreUrl: item.product.onlineStoreUrl,
              images: { nodes: item.product.images.map((url) => ({ url })) },
            },
          })),
        },
      })),
    },
  };
}

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString("base64url");
const indexOf = (cursor: unknown) => Number(Buffer.from(String(cursor), "base64url").toString().replace("cursor:", ""));

/** Shopify-style connection over the customers matching `query`, sorted by name. */
function customersPage(all: ShopCustomer[], variables: Record<string, unknown>) {
  const search = typeof variables.query === "string" ? variables.query.trim().toLowerCase() : "";
  const matching = all
    .filter(
      (customer) => !search || [customer.name, customer.email, customer.phone ?? ""].some((field) => field.toLowerCase().includes(search)),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  let start = 0;
  let end = matching.length;
  if (variables.after) start = indexOf(variables.after) + 1;
  if (variables.before) end = indexOf(variables.before);
  if (typeof variables.first === "number") end = Math.min(end, start + variables.first);
  if (typeof variables.last === "number") start = Math.max(start, end - variables.last);
  const nodes = matching.slice(start, end);
  return {
    nodes: nodes.map((customer) => customerNode(customer)),
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < matching.length,
      startCursor: nodes.length ? cursorOf(start) : null,
      endCursor: nodes.length ? cursorOf(end - 1) : null,
    },
  };
}

function parseFields(body: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes("application/json")) return JSON.parse(body || "{}") as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(body));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
