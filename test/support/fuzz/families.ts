import { createHmac } from "node:crypto";
import { adminHost } from "~/faces/demo/session-token.server";
import { adminToken } from "../admin";
import { proxySignature } from "../app-proxy";
import {
  authorization,
  BROWSER_AGENT,
  COMMON_METHODS,
  idempotencyKey,
  JUNK_METHODS,
  JUNK_QUERIES,
  JUNK_SEGMENTS,
  junkBody,
  junkHeaders,
  junkValue,
  largeJson,
  USER_AGENTS,
} from "./junk";
import type { Random } from "./random";
import type { FuzzRequest } from "./request";

/** What the generators need to reach past authentication: real keys, ids, secrets and shops made before the run. */
export interface FuzzContext {
  apiKeys: string[];
  revokedKey: string;
  cardId: string;
  twinId: string;
  nameId: string;
  walletKey: string;
  /** Codes of cards waiting to be claimed (redeem attempts). */
  codes: string[];
  /** A shop and a customer who owns a card there, for signed proxy requests. */
  proxy: { shop: string; customerId: string };
  /** A shop of its own for webhooks (a valid delivery may erase its data). */
  webhookShop: string;
  /** A shop for admin requests with valid session tokens. */
  adminShop: string;
  apiSecret: string;
  /** Paths of real files under /assets. */
  assets: string[];
}

const MIB = 1024 * 1024;

type Family = (random: Random, context: FuzzContext) => FuzzRequest;

/** An endless stream of junk over every route family, the same for the same seed. */
export function* fuzzRequests(random: Random, context: FuzzContext): Generator<FuzzRequest> {
  const families: [number, Family][] = [
    [30, v1Request],
    [15, proxyRequest],
    [10, webhookRequest],
    [11, adminRequest],
    [7, authRequest],
    [5, demoRequest],
    [5, staticRequest],
    [8, otherRequest],
    [9, rawRequest],
  ];
  for (;;) {
    const request = random.weighted(families)(random, context);
    // Now and then the demo-mode server gets the same junk as the plain one.
    if (request.server === "base" && random.chance(0.05)) request.server = "demo";
    yield request;
  }
}

/** Mostly a method the path serves, often another common one, else one no route serves. */
function methodFor(random: Random, served: readonly string[]): string {
  return random.weighted<() => string>([
    [55, () => random.pick(served)],
    [20, () => random.pick(COMMON_METHODS)],
    [25, () => random.pick(JUNK_METHODS)],
  ])();
}

/** The path as is (mostly), or broken: a junk segment, a `..`, a junk query, upper case, a `.data` suffix. */
function mutatePath(random: Random, path: string): string {
  if (random.chance(0.65)) return path;
  const [pathname = "/", query] = path.split(/\?(.*)/s);
  const withQuery = (p: string) => (query === undefined ? p : `${p}?${query}`);
  return random.pick<() => string>([
    () => withQuery(`${pathname}/${random.pick(JUNK_SEGMENTS)}`),
    () => withQuery(pathname.replace(/\/[^/]*$/, `/${random.pick(JUNK_SEGMENTS)}`)),
    () => withQuery(`${pathname}/${random.pick(["..", "../..", "%2e%2e", "./.", "..;/", "%2e%2e%2f%2e%2e"])}`),
    () => withQuery(`/${random.pick(["..", "%2e%2e", "."])}${pathname}`),
    () => `${pathname}${random.pick(JUNK_QUERIES)}`,
    () => `${path}${path.includes("?") ? "&" : "?"}${random.pick(JUNK_QUERIES).slice(1)}`,
    () => withQuery(pathname.toUpperCase()),
    () => withQuery(`${pathname.replace(/\/$/, "")}.data`),
    () => withQuery(pathname.replace(/\//g, "//")),
    () => withQuery(`${pathname}/${"x".repeat(random.pick([1000, 8000, 20_000]))}`),
  ])();
}

/** A fresh documentation-range address, so per-address limits never pile up on one client. */
const clientAddress = (random: Random) => `2001:db8::${random.int(0xffff).toString(16)}:${random.int(0xffff).toString(16)}`;

function baseHeaders(random: Random): [string, string][] {
  return [
    ["User-Agent", random.chance(0.9) ? BROWSER_AGENT : random.pick(USER_AGENTS)],
    ["X-Forwarded-For", clientAddress(random)],
  ];
}

/** Sometimes a body over 1 MiB (with clean headers, so nothing but the size decides: 413). */
function oversized(random: Random, request: FuzzRequest): FuzzRequest {
  if (!random.chance(0.03) || !(COMMON_METHODS as readonly string[]).includes(request.method)) return request;
  return {
    ...request,
    headers: [...baseHeaders(random), ["Content-Type", "application/json"]],
    body: largeJson(MIB + random.between(1, 200_000)),
    chunked: false,
    expectStatus: [413],
  };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A valid body (mostly), or one with a field replaced by junk, an unknown field, or junk bytes. */
function mutateBody(random: Random, valid: Record<string, unknown>): Buffer {
  return random.weighted<() => Buffer>([
    [45, () => json(valid)],
    [
      30,
      () => {
        const keys = Object.keys(valid);
        const copy: Record<string, unknown> = { ...valid };
        const key = random.chance(0.8) && keys.length ? random.pick(keys) : random.pick(["extra", "__proto__", "constructor", "imageURLs"]);
        if (random.chance(0.2)) delete copy[key];
        else copy[key] = junkValue(random);
        return json(copy);
      },
    ],
    [25, () => junkBody(random)],
  ])();
}

// ---------------------------------------------------------------- /v1

interface Endpoint {
  path: (random: Random, context: FuzzContext) => string;
  methods: string[];
  body?: (random: Random, context: FuzzContext) => Record<string, unknown>;
}

const card = (random: Random, context: FuzzContext): Record<string, unknown> =>
  random.chance(0.5)
    ? { name: `Fuzz ${random.int(1e6)}`, media: { imageUrls: ["https://cdn.example.com/a.png"] }, email: "fuzz@example.com" }
    : {
        name: `Fuzz ${random.int(1e6)}`,
        media: { imageUrls: [] },
        owner: `shopify|${random.between(1, 1e9)}`,
        publicKey: context.walletKey,
      };

const V1_ENDPOINTS: Endpoint[] = [
  { path: () => "/v1/unit-cards", methods: ["GET", "POST"], body: card },
  {
    path: (random) => `/v1/unit-cards${random.pick(["", "?limit=2", "?status=OWNED", "?owner=shopify%7C1", "?cursor=abc", "?limit=101"])}`,
    methods: ["GET"],
  },
  { path: (random, context) => `/v1/unit-cards/${random.chance(0.6) ? context.cardId : random.pick(JUNK_SEGMENTS)}`, methods: ["GET"] },
  {
    path: () => "/v1/unit-cards/_actions/batch",
    methods: ["POST"],
    body: (random, context) =>
      random.chance(0.5)
        ? {
            redemption: { email: "fuzz@example.com" },
            cards: [card(random, context), card(random, context)].map(({ name, media }) => ({ name, media })),
          }
        : { owner: "shopify|42", publicKey: context.walletKey, cards: [{ name: "a", media: { imageUrls: [] } }] },
  },
  {
    path: () => "/v1/unit-cards/_actions/redeem",
    methods: ["POST"],
    body: (random, context) => ({
      code: random.chance(0.3) ? random.pick(context.codes) : "ABCD-EFGH-JKMN",
      owner: "shopify|7",
      publicKey: context.walletKey,
    }),
  },
  {
    path: (random) => `/v1/validate-name?name=${random.pick(["fuzz-name", "", "%ZZ", "a".repeat(300), "%00", "n%C3%A9"])}`,
    methods: ["GET"],
  },
  {
    path: () => "/v1/names",
    methods: ["POST"],
    body: (random, context) => ({ name: `fz-${random.int(1e9)}`, publicKey: context.walletKey }),
  },
  {
    path: () => "/v1/issue-digital-twin",
    methods: ["POST"],
    body: (random, context) => ({
      public_key: context.walletKey,
      name_id: context.nameId,
      title: "Fuzz twin",
      quantity: random.pick([1, 0, -1, 3]),
    }),
  },
  { path: (random, context) => `/v1/digital-twins/${random.chance(0.6) ? context.twinId : random.pick(JUNK_SEGMENTS)}`, methods: ["GET"] },
  {
    path: (random) =>
      `/v1/metadata/${random.pick(["nft_01JAAAAAAAAAAAAAAAAAAAAAAA.json", "x.json", "nft_01JAAAAAAAAAAAAAAAAAAAAAAA", "%ZZ.json", "..%2f.json"])}`,
    methods: ["GET"],
  },
  { path: () => "/v1/openapi.json", methods: ["GET"] },
  {
    path: (random) => random.pick(["/v1", "/v1/", "/v1/nope", "/v1/unit-cards/a/b", "/V1/UNIT-CARDS", "/v1/unit-cards/_actions/nope"]),
    methods: ["GET", "POST"],
  },
];

function v1Request(random: Random, context: FuzzContext): FuzzRequest {
  const endpoint = random.pick(V1_ENDPOINTS);
  const method = methodFor(random, endpoint.methods);
  const headers: [string, string][] = [...baseHeaders(random), ...junkHeaders(random)];
  const auth = authorization(random, random.pick(context.apiKeys), context.revokedKey);
  if (auth !== null) headers.push(["Authorization", auth]);
  if (random.chance(0.05)) headers.push(["Authorization", authorization(random, null, context.revokedKey) ?? "Bearer x"]);
  const key = idempotencyKey(random);
  if (key !== null) headers.push(["Idempotency-Key", key]);
  if (random.chance(0.03)) headers.push(["Idempotency-Key", "second"]);
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD" ? random.chance(0.85) : random.chance(0.05)) {
    headers.push([
      "Content-Type",
      random.weighted([
        [8, "application/json"],
        [1, "text/plain"],
        [1, "application/x-www-form-urlencoded"],
        [1, "application/json; charset=latin1"],
      ]),
    ]);
    body = endpoint.body ? mutateBody(random, endpoint.body(random, context)) : junkBody(random);
  }
  const request: FuzzRequest = {
    family: "v1",
    server: "base",
    method,
    target: mutatePath(random, endpoint.path(random, context)),
    headers,
    body,
  };
  if (body && random.chance(0.05)) request.chunked = true;
  return oversized(random, request);
}

// ---------------------------------------------------------------- app proxy

const BOGUS_SHOPS = [
  "%ZZ",
  "evil.com",
  "",
  "EVIL.MYSHOPIFY.COM",
  "a.myshopify.com.evil.com",
  `${"s".repeat(300)}.myshopify.com`,
  "shop.myshopify.com\u0000",
  "%",
  "..",
  "https://a.myshopify.com",
];
const BOGUS_CUSTOMERS = ["-1", "0", "abc", "1e5", "99999999999999999999999", "1,2", "%ZZ", " 1", "0x10", "1.5"];
const PROXY_PATHS = [
  "/proxy",
  "/proxy/",
  "/proxy/cards",
  "/proxy/redeem",
  "/proxy/redeem?code=ABCD-EFGH-JKMN",
  "/proxy/names",
  "/proxy/nope",
  "/proxy/%ZZ",
  "/proxy/cards/..",
];

/**
 * A request as Shopify's app proxy would forward it, with hostile fields: a
 * bogus shop or customer, an old or junk timestamp, repeated parameters, all
 * of it (mostly) under a valid signature, so the checks behind it are reached.
 */
function proxyRequest(random: Random, context: FuzzContext): FuzzRequest {
  const path = random.pick(PROXY_PATHS);
  const [pathname = "/proxy", ownQuery = ""] = path.split("?");
  const params: [string, string][] = new URLSearchParams(ownQuery).size ? [...new URLSearchParams(ownQuery)] : [];
  const now = Math.floor(Date.now() / 1000);
  const shop = random.weighted<() => string>([
    [6, () => context.proxy.shop],
    [4, () => random.pick(BOGUS_SHOPS)],
  ])();
  const customer = random.weighted<() => string>([
    [5, () => context.proxy.customerId],
    [1, () => ""],
    [2, () => random.pick(BOGUS_CUSTOMERS)],
  ])();
  const timestamp = random.weighted<() => string | null>([
    [6, () => String(now)],
    [1, () => String(now - 3600)],
    [1, () => String(now + 3600)],
    [1, () => random.pick(["abc", "", "1e10", "-1"])],
    [1, () => null],
  ])();
  params.push(
    ["shop", shop],
    ["logged_in_customer_id", customer],
    ["path_prefix", random.chance(0.9) ? "/apps/twincards" : random.pick(["/evil", "%ZZ", "", "/apps/../x"])],
  );
  if (timestamp !== null) params.push(["timestamp", timestamp]);
  // Repeated parameters: another customer or shop in front, or the same one twice.
  if (random.chance(0.2))
    params.unshift(
      random.pick<[string, string]>([
        ["logged_in_customer_id", "4242"],
        ["shop", "other-shop.myshopify.com"],
        ["shop", shop],
        ["timestamp", String(now)],
      ]),
    );
  if (random.chance(0.05)) params.push(["extra", random.pick(["1", "%ZZ", ""])]);
  const raw = random.chance(0.15);
  let query = params.map(([key, value]) => `${key}=${raw ? value : encodeURIComponent(value)}`).join("&");
  const signature = proxySignature(new URLSearchParams(query), context.apiSecret);
  query += random.weighted<() => string>([
    [8, () => `&signature=${signature}`],
    [1, () => `&signature=${signature.toUpperCase()}`],
    [1, () => `&signature=${signature}&signature=${signature}`],
    [1, () => `&signature=${proxySignature(new URLSearchParams(query), "wrong-secret")}`],
    [1, () => ""],
    [1, () => `&signature=${random.pick(["", "%ZZ", "zz", "0".repeat(64)])}`],
  ])();
  const served = pathname.startsWith("/proxy/names") || pathname.startsWith("/proxy/redeem") ? ["POST", "GET"] : ["GET"];
  const method = methodFor(random, served);
  const headers: [string, string][] = [...baseHeaders(random), ...(random.chance(0.3) ? junkHeaders(random) : [])];
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD" && random.chance(0.85)) {
    const form = random.chance(0.3);
    headers.push([
      "Content-Type",
      form
        ? "application/x-www-form-urlencoded"
        : random.weighted([
            [8, "application/json"],
            [1, "text/plain"],
            [1, "application/vnd.api+json"],
          ]),
    ]);
    const valid: Record<string, string> = pathname.startsWith("/proxy/names")
      ? { name: `fz-${random.int(1e9)}`, publicKey: context.walletKey }
      : { code: random.pick(context.codes), publicKey: context.walletKey };
    body = form ? Buffer.from(new URLSearchParams(valid).toString()) : mutateBody(random, valid);
  }
  return oversized(random, { family: "proxy", server: "base", method, target: mutatePath(random, `${pathname}?${query}`), headers, body });
}

// ---------------------------------------------------------------- webhooks

const TOPICS = ["app/uninstalled", "customers/data_request", "customers/redact", "shop/redact"] as const;

function webhookPayload(random: Random, topic: (typeof TOPICS)[number], shop: string): Record<string, unknown> {
  const customer = { id: random.between(1, 1e9), email: "fuzz@example.com", phone: "+14155550123" };
  switch (topic) {
    case "app/uninstalled":
      return { id: 1, name: "Fuzz", domain: shop, myshopify_domain: shop };
    case "customers/data_request":
      return { shop_id: 1, shop_domain: shop, customer, orders_requested: [], data_request: { id: random.int(1e9) } };
    case "customers/redact":
      return { shop_id: 1, shop_domain: shop, customer, orders_to_redact: [] };
    case "shop/redact":
      return { shop_id: 1, shop_domain: shop };
  }
}

/**
 * A webhook signed with the app's secret (the HMAC covers only the body) and
 * hostile headers: a bogus or repeated shop domain, another topic, junk ids,
 * in the X-Shopify-* form or the newer Shopify-* form.
 */
function webhookRequest(random: Random, context: FuzzContext): FuzzRequest {
  const topic = random.pick(TOPICS);
  const shop = context.webhookShop;
  const body = random.chance(0.8) ? mutateBody(random, webhookPayload(random, topic, shop)) : junkBody(random);
  const hmac = createHmac("sha256", context.apiSecret).update(body).digest("base64");
  const prefix = random.chance(0.7) ? "X-Shopify-" : "Shopify-";
  const domain = random.weighted<() => string[]>([
    [5, () => [shop]],
    [4, () => [random.pick(BOGUS_SHOPS)]],
    [1, () => [shop, random.pick(BOGUS_SHOPS)]],
    [1, () => [shop, "other-shop.myshopify.com"]],
    [1, () => []],
  ])();
  const headers: [string, string][] = [
    ...baseHeaders(random),
    ["Content-Type", "application/json"],
    [`${prefix}Topic`, random.chance(0.85) ? topic : random.pick([...TOPICS, "orders/create", "%ZZ", ""])],
    ...domain.map((value): [string, string] => [`${prefix}Shop-Domain`, value]),
    [`${prefix}Api-Version`, random.chance(0.9) ? "2026-07" : random.pick(["junk", "", "1999-01"])],
    [`${prefix}Webhook-Id`, random.chance(0.9) ? `wh-${random.int(1e9)}` : random.pick(["", "x".repeat(5000)])],
    [`${prefix}Event-Id`, `ev-${random.int(1e9)}`],
    [`${prefix}Triggered-At`, new Date().toISOString()],
  ];
  const signature = random.weighted<() => string[]>([
    [8, () => [hmac]],
    [1, () => [hmac, hmac]],
    [1, () => [random.pick(["", "junk", "%ZZ", createHmac("sha256", "wrong").update(body).digest("base64")])]],
    [1, () => []],
  ])();
  for (const value of signature) headers.push([`${prefix}Hmac-Sha256`, value]);
  const path = random.chance(0.9)
    ? `/webhooks/${topic}`
    : random.pick(["/webhooks", "/webhooks/", "/webhooks/orders/create", "/webhooks/app/%ZZ"]);
  const method = methodFor(random, ["POST"]);
  const request: FuzzRequest = {
    family: "webhook",
    server: "base",
    method,
    target: mutatePath(random, path),
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : body,
  };
  if (random.chance(0.03) && (COMMON_METHODS as readonly string[]).includes(method)) {
    // A signed body over 1 MiB: refused for its size before anything reads it.
    const large = largeJson(MIB + random.between(1, 100_000));
    return {
      ...request,
      body: large,
      headers: [
        ...headers.filter(([name]) => !/hmac/i.test(name)),
        [`${prefix}Hmac-Sha256`, createHmac("sha256", context.apiSecret).update(large).digest("base64")],
      ],
      expectStatus: [413],
    };
  }
  return request;
}

// ---------------------------------------------------------------- admin

const ADMIN_PATHS = [
  "/app",
  "/app/",
  "/app?index",
  "/app/cards",
  "/app/cards?status=OWNED&cursor=junk",
  "/app/cards/new",
  "/app/customers",
  "/app/customers?query=%ZZ",
  "/app/customers/7364129087",
  "/app/customers/%ZZ",
  "/app/twins",
  "/app/notifications",
  "/app/notifications?index",
  "/app/notifications/ntf_nope",
  "/app/settings",
  "/app/customer-link?id=gid://shopify/Customer/1",
  "/app/customer-link?id=%ZZ",
  "/app/nope",
  "/app/cards/card_01JAAAAAAAAAAAAAAAAAAAAAAA",
  "/app/cards/%ZZ",
  "/app/twins/twin_01JAAAAAAAAAAAAAAAAAAAAAAA",
  "/app/twins/..%2f",
  "/app/automation",
  "/app/automation?index",
  "/app/automation/new",
  "/app/automation/rule_01JAAAAAAAAAAAAAAAAAAAAAAA",
  "/app/automation/%ZZ",
];

const ADMIN_FORMS = [
  { intent: "create", batch: "{}" },
  { intent: "create", batch: "not json" },
  { intent: "nope" },
  { intent: "revoke", id: "key_nope" },
  { intent: "create", label: "x".repeat(500) },
  { intent: "retry-mint", id: "%ZZ" },
  { intent: "resend", id: "ntf_nope" },
  { intent: "nft-approval", approved: "maybe" },
  { intent: "register-name", name: "", publicKey: "x" },
  {},
  { intent: "save", rule: "{}" },
  { intent: "set-status", id: "rule_nope", status: "PAUSED" },
  { intent: "retry-webhook", id: "%ZZ" },
  { intent: "void" },
];

/** The embedded admin: no auth, junk auth, and (sometimes) a real session token so loaders and actions run. */
function adminRequest(random: Random, context: FuzzContext): FuzzRequest {
  let path = random.pick(ADMIN_PATHS);
  const method = methodFor(random, ["GET", "POST"]);
  const headers: [string, string][] = [...baseHeaders(random), ...(random.chance(0.2) ? junkHeaders(random) : [])];
  const shop = context.adminShop;
  const embedded = (token: string) => `embedded=1&shop=${shop}&host=${adminHost(shop)}&id_token=${token}`;
  const join = (query: string) => (path.includes("?") ? `${path}&${query}` : `${path}?${query}`);
  random.weighted<() => void>([
    [4, () => undefined],
    [1, () => void (path = join(embedded(adminToken(shop))))],
    [2, () => void headers.push(["Authorization", `Bearer ${adminToken(shop)}`])],
    [
      2,
      () =>
        void (path = join(
          random.pick([
            embedded("a.b.c"),
            `shop=%ZZ&host=%ZZ&embedded=1`,
            `shop=evil.com`,
            embedded(adminToken(shop, { secret: "wrong" })),
          ]),
        )),
    ],
    [
      1,
      () =>
        void headers.push([
          "Authorization",
          random.pick(["Bearer a.b.c", "Bearer", `Bearer ${adminToken(shop, { expiredSecondsAgo: 600 })}`]),
        ]),
    ],
  ])();
  if (random.chance(0.15)) path = path.replace(/^([^?]*)/, "$1.data");
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD" && random.chance(0.85)) {
    const form = random.pick(ADMIN_FORMS) as Record<string, string>;
    const asJson = random.chance(0.2);
    headers.push([
      "Content-Type",
      asJson ? "application/json" : random.chance(0.9) ? "application/x-www-form-urlencoded" : "multipart/form-data; boundary=x",
    ]);
    body = asJson ? mutateBody(random, form) : random.chance(0.8) ? Buffer.from(new URLSearchParams(form).toString()) : junkBody(random);
  }
  return oversized(random, { family: "admin", server: "base", method, target: mutatePath(random, path), headers, body });
}

// ---------------------------------------------------------------- /auth

function authRequest(random: Random, context: FuzzContext): FuzzRequest {
  const shop = random.chance(0.5) ? context.adminShop : random.pick([...BOGUS_SHOPS, "fuzz-shop"]);
  const path = random.pick([
    "/auth",
    `/auth?shop=${encodeURIComponent(shop)}`,
    "/auth/login",
    `/auth/login?shop=${encodeURIComponent(shop)}`,
    "/auth/login/",
    "/auth/exit-iframe",
    `/auth/exit-iframe?shop=${context.adminShop}&host=${adminHost(context.adminShop)}&exitIframe=${encodeURIComponent(random.pick(["/app", "https://evil.com", "//evil.com", "javascript:alert(1)", "%ZZ", "", "https://admin.shopify.com/store/x"]))}`,
    "/auth/session-token",
    `/auth/session-token?shop=${encodeURIComponent(shop)}&shopify-reload=${encodeURIComponent(random.pick(["/app", "https://evil.com", "%ZZ"]))}`,
    "/auth/callback",
    `/auth/callback?code=x&shop=${encodeURIComponent(shop)}&hmac=zz&state=s&timestamp=1&host=%ZZ`,
    "/auth/nope",
    "/auth/%ZZ",
  ]);
  const method = methodFor(random, ["GET", "POST"]);
  const headers: [string, string][] = [...baseHeaders(random), ...(random.chance(0.2) ? junkHeaders(random) : [])];
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD" && random.chance(0.85)) {
    const kind = random.pick(["form", "form", "json", "multipart", "junk"] as const);
    headers.push([
      "Content-Type",
      {
        form: "application/x-www-form-urlencoded",
        json: "application/json",
        multipart: "multipart/form-data; boundary=x",
        junk: "text/plain",
      }[kind],
    ]);
    body =
      kind === "form"
        ? Buffer.from(new URLSearchParams({ shop: random.pick([...BOGUS_SHOPS, context.adminShop, "fuzz-shop"]) }).toString())
        : junkBody(random);
  }
  return oversized(random, { family: "auth", server: "base", method, target: mutatePath(random, path), headers, body });
}

// ---------------------------------------------------------------- demo, static, the rest

function demoRequest(random: Random): FuzzRequest {
  const path = random.pick([
    "/demo",
    "/demo/",
    "/demo?to=/app/cards",
    "/demo?to=https://evil.com",
    "/demo?to=//evil.com",
    "/demo?to=%ZZ",
    "/demo?to=/app%0d%0aSet-Cookie:%20x=1",
    "/demo?to=/app%00",
    "/demo/app-bridge.js",
    "/demo/session-token",
    "/demo/nope",
    "/demo.data",
  ]);
  const method = methodFor(random, ["GET"]);
  const body = method !== "GET" && method !== "HEAD" && random.chance(0.5) ? junkBody(random) : undefined;
  return oversized(random, {
    family: "demo",
    server: "demo",
    method,
    target: mutatePath(random, path),
    headers: [...baseHeaders(random), ...junkHeaders(random)],
    body,
  });
}

function staticRequest(random: Random, context: FuzzContext): FuzzRequest {
  const asset = random.pick(context.assets);
  const path = random.pick([
    asset,
    asset,
    `${asset}?v=%ZZ`,
    "/assets/nope.js",
    "/assets/../package.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/assets/..%2f..%2fpackage.json",
    "/favicon.ico",
    "/assets/",
    "/assets/%ZZ",
    "/assets/%00",
    "/build/server/index.js",
    "/.env",
    "/package.json",
    "/prisma/dev.sqlite",
    `/assets/${"a".repeat(5000)}.js`,
    "/assets/..\\..\\package.json",
  ]);
  const method = methodFor(random, ["GET", "HEAD"]);
  return oversized(random, {
    family: "static",
    server: "base",
    method,
    target: path,
    headers: [...baseHeaders(random), ...junkHeaders(random)],
  });
}

function otherRequest(random: Random): FuzzRequest {
  const path = random.pick([
    "/",
    "/",
    "/?_data=root",
    "/?_data=routes/_index",
    "/?index",
    "/.data",
    "/_root.data",
    "/__manifest",
    "/__manifest?p=/app&version=x",
    "/__manifest?p=%ZZ&version=" + "v".repeat(8000),
    "/nope",
    "/wp-admin/",
    "/.git/config",
    "/%ZZ",
    "/%",
    `/${"a/".repeat(3000)}`,
    "//",
    "///etc/passwd",
    "/\\..\\..\\",
    "/é",
    "/index.html",
    "/robots.txt",
    "/nope.data",
    "/api",
    "/V1",
    "/v1%2funit-cards",
  ]);
  const method = methodFor(random, ["GET", "HEAD", "POST"]);
  const body = method !== "GET" && method !== "HEAD" && random.chance(0.6) ? junkBody(random) : undefined;
  return oversized(random, {
    family: "other",
    server: "base",
    method,
    target: mutatePath(random, path),
    headers: [...baseHeaders(random), ...junkHeaders(random)],
    body,
  });
}

/** Framing junk only raw bytes can carry: bad request lines, bytes Node must refuse, CONNECT, pipelining. */
function rawRequest(random: Random): FuzzRequest {
  const host = "Host: 127.0.0.1\r\n";
  const agent = `User-Agent: ${BROWSER_AGENT}\r\n`;
  const path = random.pick(["/", "/v1/unit-cards", "/app", "/proxy/cards", "/webhooks/app/uninstalled", "/auth/login", "/nope"]);
  const [line, mayDrop = false] = random.pick<() => [string, boolean?]>([
    () => [`GET ${path} HTTP/1.1\r\n${agent}\r\n`],
    () => [`GET ${path}\r\n\r\n`],
    () => [`GET ${path} HTTP/2.0\r\n${host}\r\n`],
    () => [`GET ${path} HTTP/1.1 extra\r\n${host}\r\n`],
    () => [`GET  ${path} HTTP/1.1\r\n${host}\r\n`],
    () => [`GET ${path} x HTTP/1.1\r\n${host}\r\n`],
    () => [`GET http://evil.com${path} HTTP/1.1\r\n${host}${agent}\r\n`],
    () => [`POST http://127.0.0.1${path} HTTP/1.1\r\n${host}${agent}Content-Length: 2\r\n\r\n{}`],
    () => [`OPTIONS * HTTP/1.1\r\n${host}\r\n`],
    () => [`GET * HTTP/1.1\r\n${host}\r\n`],
    () => [`${random.pick(["GET", "POST", "TRACE"])} ${random.pick(["evil.com:80", "127.0.0.1:443"])} HTTP/1.1\r\n${host}\r\n`],
    () => [
      `CONNECT ${random.pick(["127.0.0.1:443", "evil.com:80", "[::1]:22"])} HTTP/1.1\r\nHost: ${random.pick(["127.0.0.1:443", "evil.com:80"])}\r\n\r\n`,
    ],
    () => [`CONNECT ${path} HTTP/1.1\r\n${host}\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}X-A: a\u0000b\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}X A: b\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}X-A: a\u007fb\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}${agent}X-A: \u00e9\u00ff\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}X-A: a\r\n b\r\n\r\n`],
    () => [`POST ${path} HTTP/1.1\r\n${host}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    () => [`POST ${path} HTTP/1.1\r\n${host}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}x`],
    () => [`POST ${path} HTTP/1.1\r\n${host}Content-Length: -1\r\n\r\n`],
    () => [`POST ${path} HTTP/1.1\r\n${host}Content-Length: abc\r\n\r\n`],
    () => [`POST ${path} HTTP/1.1\r\n${host}${agent}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, true],
    () => [`POST ${path} HTTP/1.1\r\n${host}${agent}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}Host: evil.com\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}X-Big: ${"b".repeat(20_000)}\r\n\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}${agent}${"X-Many: v\r\n".repeat(300)}\r\n`],
    () => [`GET ${path} HTTP/1.1\n${host.replace("\r\n", "\n")}\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}${agent}\r\nGET /v1/nope HTTP/1.1\r\n${host}\r\n`],
    () => [`GET /\u00ff\u00fe${path} HTTP/1.1\r\n${host}${agent}\r\n`],
    () => [`GET ${path} HTTP/1.1\r\n${host}Authorization: Bearer tc_\u0001\r\n\r\n`],
    () => [`GET ${path} HTTP/1.0\r\n${agent}\r\n`],
    // Random bytes, then an empty line: a request that ends (one cut short would just wait for its rest).
    () => [`${String.fromCharCode(...random.bytes(random.between(1, 300)))}\r\n\r\n`],
    () => [String.fromCharCode(0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03) + "\r\n\r\n"],
  ])();
  const [method = "", target = ""] = line.split(" ");
  return {
    family: "raw",
    server: random.chance(0.9) ? "base" : "demo",
    method,
    target,
    headers: [],
    raw: Buffer.from(line, "latin1"),
    mayDrop,
  };
}
