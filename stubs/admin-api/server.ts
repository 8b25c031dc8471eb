// A local stand-in for a shop's Admin API (demo and tests only): the token
// exchange of Shopify's embedded auth, the GraphQL operations the app sends
// (app/adapters/shopify/admin-*.server.ts), Shopify Flow's flowTriggerReceive
// (flow.ts), the demo product images, and control endpoints under /_stub/
// (control.ts) that place orders and send the app their signed webhooks.
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleControl } from "./control";
import { buildDemoData, DEMO_CUSTOMERS, DEMO_PRODUCTS, type ShopCustomer } from "./demo-data";
import { adminShopObject, createShopSettings, logoPng, shopLocales, storefrontShopObject } from "./shop-settings";
import { demoImages } from "./images";
import { createFlowInbox, type ReceivedFlowTrigger } from "./flow";
import { createOrderBook } from "./order-book";
import { createCatalogue, shopFiles, type PickerType } from "./catalogue";
import { createBulkOperations, searchOrders, seedPastOrders } from "./past-orders";
import { customerObject, orderObject } from "./schema-objects";
import { connection, type ConnectionArgs } from "../shopify-graphql/connection";
import { createGraphqlEndpoint, type GraphqlEndpoint } from "../shopify-graphql/endpoint";
import { shopifySchema, type ShopifyApi } from "../shopify-graphql/schemas";
import { createThrottle, type GraphqlCall, type RateLimit } from "../shopify-graphql/throttle";
import { createWebhookSender, type WebhookTarget } from "./webhook-sender";
import { readBody } from "../shared/read-body";
import { createBilling } from "./billing";

const SCOPE = "read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy";

export interface AdminApiStub {
  url: string;
  /** What the app asked, in order (tests assert on it). */
  requests: { method: string; path: string; shop: string | undefined; operation?: string }[];
  /** Every GraphQL call with its cost, and why Shopify would have refused it (THROTTLED, MAX_COST_EXCEEDED, an invalid document). */
  graphqlLog: GraphqlCall[];
  /** What the stub answered that the schema refuses: a fault of the stub, never the app's; tests expect none. */
  faults: { operation: string | null; errors: string[] }[];
  /** The Admin API's bucket from now on (tests): size, restore rate and where it starts, for one shop (its plan) or every shop without its own. */
  setRateLimit(limit: Partial<RateLimit> & { currentlyAvailable?: number }, shop?: string): void;
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
    /** The Admin API's cost bucket (Shopify's Standard plan unless given). */
    rateLimit?: RateLimit;
  } = {},
): Promise<AdminApiStub> {
  const images = demoImages();
  const tokens = new Set<string>();
  const requests: AdminApiStub["requests"] = [];
  const orders = createOrderBook();
  const bulk = createBulkOperations(shopifySchema("admin"));
  const graphqlLog: GraphqlCall[] = [];
  const faults: AdminApiStub["faults"] = [];
  const throttle = createThrottle(options.rateLimit);
  const endpoints = new Map<string, GraphqlEndpoint | null>();
  /** The endpoint of `api` at `version`: null for a version Shopify does not serve (the stub has no schema for it). */
  const endpointFor = (api: ShopifyApi, version: string) => {
    const key = `${api} ${version}`;
    if (!endpoints.has(key)) {
      let schema;
      try {
        schema = shopifySchema(api, version);
      } catch {
        schema = null;
      }
      endpoints.set(
        key,
        schema &&
          createGraphqlEndpoint({
            api: api === "admin" ? "admin" : "storefront",
            schema,
            throttle: api === "admin" ? throttle : undefined,
            log: graphqlLog,
            faults,
          }),
      );
    }
    return endpoints.get(key)!;
  };
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

  const demo = () => (data ??= buildDemoData(baseUrl()));
  const productOf = (id: string) => demo().products.find((product) => product.id === id)!;
  const customerOf = (shop: string | undefined, customer: ShopCustomer) =>
    customerObject(customer, orders.ofCustomer(shop, customer.id), productOf);

  /** The demo customers, as `shop` knows them (a test's own customers of the shop first, by id). */
  const customersOf = (shop: string | undefined): ShopCustomer[] => {
    const own = shops.get(shop).customers;
    if (own.length === 0) return demo().customers;
    const mine = own.map((customer): ShopCustomer => {
      const demoOne = demo().customers.find((candidate) => candidate.id === customer.id);
      return {
        ...(demoOne ?? {
          name: customer.firstName ?? customer.email,
          phone: null,
          currency: "USD" as const,
          createdAt: "2026-01-01T00:00:00Z",
          orders: [],
        }),
        id: customer.id,
        gid: `gid://shopify/Customer/${customer.id}`,
        email: customer.email,
        verifiedEmail: customer.verifiedEmail,
        firstName: customer.firstName ?? demoOne?.firstName ?? "",
        locale: customer.locale ?? demoOne?.locale ?? "en",
      };
    });
    return [...mine, ...demo().customers.filter((candidate) => !own.some((customer) => customer.id === candidate.id))];
  };

  /** The Admin API's query or mutation root over the stub's data for `shop`. */
  function adminRoot(shop: string | undefined, kind: "query" | "mutation"): unknown {
    if (kind === "mutation")
      return {
        bulkOperationRunQuery: ({ query }: { query: string }) => bulk.run(shop, query, adminRoot(shop, "query")),
        flowTriggerReceive: (args: Record<string, unknown>) => flow.receive(shop, args).flowTriggerReceive,
        appSubscriptionCreate: (args: Parameters<typeof billing.create>[1]) => billing.create(shop, args),
        appSubscriptionCancel: (args: { id: string }) => billing.cancel(shop, args),
      };
    const nodeById = (id: string) => {
      if (id.startsWith("gid://shopify/BulkOperation/")) return bulk.node(shop, id, baseUrl());
      if (id.startsWith("gid://shopify/Customer/")) {
        const customer = customersOf(shop).find((candidate) => candidate.gid === id);
        return customer ? customerOf(shop, customer) : null;
      }
      if (id.startsWith("gid://shopify/Order/")) {
        const order = orders.get(shop, id.slice("gid://shopify/Order/".length));
        return order ? orderObject(order, productOf) : null;
      }
      return catalogue.node(shop, id, demo().products);
    };
    const settings = shops.get(shop);
    return {
      customers: (args: ConnectionArgs & { query?: string | null }) => {
        const search = args.query?.trim().toLowerCase() ?? "";
        // Shopify's search syntax for one field, `email:"…"` or `phone:"…"`; anything else searches every field.
        const field = /^(email|phone):"?(.*?)"?$/.exec(search);
        const matching = demo()
          .customers.filter((customer) =>
            field
              ? (customer[field[1] as "email" | "phone"] ?? "").toLowerCase() === field[2]!.replace(/\\(.)/g, "$1")
              : !search || [customer.name, customer.email, customer.phone ?? ""].some((value) => value.toLowerCase().includes(search)),
          )
          .sort((a, b) => a.name.localeCompare(b.name));
        return connection(
          matching.map((customer) => customerOf(shop, customer)),
          args,
        );
      },
      customer: ({ id }: { id: string }) => {
        const customer = customersOf(shop).find((candidate) => candidate.gid === id);
        return customer ? customerOf(shop, customer) : null;
      },
      node: ({ id }: { id: string }) => nodeById(id),
      product: ({ id }: { id: string }) => {
        const node = id.startsWith("gid://shopify/Product/") ? catalogue.node(shop, id, demo().products) : null;
        return node?.__typename === "Product" ? node : null;
      },
      nodes: ({ ids }: { ids: string[] }) => ids.map(nodeById),
      order: ({ id }: { id: string }) => {
        const order = orders.get(shop, id.replace("gid://shopify/Order/", ""));
        return order ? orderObject(order, productOf) : null;
      },
      orders: (args: ConnectionArgs & { query?: string | null }) =>
        connection(
          searchOrders(orders, shop, args.query ?? "").map((order) => orderObject(order, productOf)),
          args,
        ),
      ordersCount: ({ query }: { query?: string | null }) => ({
        count: searchOrders(orders, shop, query ?? "").length,
        precision: "EXACT",
      }),
      files: (args: ConnectionArgs & { query?: string | null }) => connection(shopFiles(demo().products, baseUrl(), args.query), args),
      shop: adminShopObject(settings, shop ?? ""),
      shopLocales: (args: { published?: boolean | null }) => shopLocales(settings, args),
      currentAppInstallation: billing.installation(shop),
    };
  }

  /** The Storefront API's query root: the shop and its brand. */
  const storefrontRoot = (shop: string | undefined) => ({ shop: storefrontShopObject(shops.get(shop), baseUrl()) });

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
      if (req.method === "GET" && url.pathname === "/_stub/graphql-log") {
        const logShop = url.searchParams.get("shop");
        return send(res, 200, {
          calls: graphqlLog.filter((call) => !logShop || call.shop === logShop),
          faults,
          rateLimit: throttle.limit(logShop ?? undefined),
        });
      }
      if (req.method === "GET" && url.pathname === "/_stub/flow-triggers")
        return send(res, 200, { triggers: flow.list(url.searchParams.get("shop")) });
      const body = await readBody(req);
      if (req.method === "GET" && url.pathname === "/_stub/resource-picker") {
        const type = (["product", "variant", "collection"] as const).find((candidate) => candidate === url.searchParams.get("type"));
        if (!type) return send(res, 400, { error: "type must be product, variant or collection", field: "type" });
        const { products } = demo();
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
      if (req.method === "PUT" && url.pathname === "/_stub/rate-limit") {
        const limit = JSON.parse(body || "{}") as Record<string, unknown>;
        const numbers = ["maximumAvailable", "restoreRate", "currentlyAvailable"].filter((key) => limit[key] !== undefined);
        const bad = numbers.find((key) => typeof limit[key] !== "number" || (limit[key] as number) < 0);
        if (bad) return send(res, 400, { error: `${bad} must be a number of points, 0 or more`, field: bad });
        if (limit.shop !== undefined && typeof limit.shop !== "string")
          return send(res, 400, { error: "shop must be a shop domain", field: "shop" });
        const forShop = limit.shop as string | undefined;
        throttle.set(limit as Partial<RateLimit>, forShop);
        return send(res, 200, { rateLimit: throttle.limit(forShop) });
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
      const graphqlPath = /^\/(admin\/)?api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
      if (req.method === "POST" && graphqlPath) {
        const admin = graphqlPath[1] !== undefined;
        const request = JSON.parse(body || "{}") as { query?: unknown; variables?: unknown; operationName?: unknown };
        const operation = typeof request.query === "string" ? /\b(?:query|mutation)\s+(\w+)/.exec(request.query)?.[1] : undefined;
        requests.push({ method: "POST", path: url.pathname, shop, operation });
        const token = String(req.headers[admin ? "x-shopify-access-token" : "shopify-storefront-private-token"] ?? "");
        if (!tokens.has(token)) {
          return admin
            ? send(res, 401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" })
            : send(res, 401, { errors: [{ message: "", extensions: { code: "UNAUTHORIZED" } }] });
        }
        if (shops.get(shop).unreachable.includes(admin ? "admin" : "storefront")) return send(res, 503, { errors: "Service Unavailable" });
        const endpoint = endpointFor(admin ? "admin" : "storefront-graphql", graphqlPath[2]!);
        if (!endpoint) return send(res, 404, { errors: "Not Found" });
        const answer = await endpoint.answer(request, shop, (kind) => (admin ? adminRoot(shop, kind) : storefrontRoot(shop)));
        return send(res, answer.status, answer.body);
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
    graphqlLog,
    faults,
    setRateLimit: (limit, shop) => throttle.set(limit, shop),
    flowTriggers: (shop) => flow.list(shop),
    setWebhookTarget: (target) => webhooks.setTarget(target),
    close: () => new Promise((resolve) => server.close(() => resolve())),
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
