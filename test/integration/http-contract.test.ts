import { randomBytes } from "node:crypto";
import nodeHttp from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { revokeApiKey } from "~/domain/api-keys.server";
import { baseUrl, http, shopClient, uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { seededRandom } from "../support/seeded-random";

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

async function call(path: string, init: Parameters<typeof http>[1] = {}): Promise<RawResponse> {
  const response = await http(path, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const post = (path: string, key: string, body: string, headers: Record<string, string> = {}) =>
  call(path, { method: "POST", key, body, headers });

/**
 * A POST over node:http, for bodies past the limit: on a connection of its own
 * (or of `agent`), declaring its length or sent chunked. A response that arrives
 * before the whole body was written counts; a connection error before any
 * response fails the call.
 */
function rawPost(path: string, key: string, body: string, options: { chunked?: boolean; agent?: nodeHttp.Agent; close?: boolean } = {}) {
  const bytes = Buffer.from(body);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${key}`,
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Forwarded-For": uniqueClientAddress(),
  };
  if (!options.chunked) headers["Content-Length"] = String(bytes.length);
  if (options.close) headers.Connection = "close";
  return new Promise<RawResponse>((resolve, reject) => {
    let answered = false;
    const request = nodeHttp.request(baseUrl + path, { method: "POST", headers, agent: options.agent ?? false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, text: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.chunked) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) request.write(bytes.subarray(offset, offset + 64 * 1024));
      request.end();
    } else {
      request.end(bytes);
    }
  });
}

/**
 * The status a client reads that sends the head, then the whole body, before
 * reading anything (as most do), or the socket error that lost the answer.
 */
function statusOf(head: string, body: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: new URL(baseUrl).hostname, port: Number(new URL(baseUrl).port) });
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const settle = (error?: string) =>
      resolve(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ? Number(/^HTTP\/1\.1 (\d{3})/.exec(received)![1]) : (error ?? "no answer"));
    socket.on("error", (error: NodeJS.ErrnoException) => settle(error.code));
    socket.on("close", () => settle());
    socket.write(head);
    socket.end(body);
  });
}

const ERROR_CODES = [
  "INVALID_JSON",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "EXPIRED",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL",
];

/** Why `text` is not the API's error envelope, or null when it is. */
function envelopeProblem(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "not an object";
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "error") return `top-level keys ${JSON.stringify(keys)}`;
  const error = (body as { error: unknown }).error as Record<string, unknown> | null;
  if (typeof error !== "object" || error === null) return "error is not an object";
  if (typeof error.code !== "string" || !ERROR_CODES.includes(error.code)) return `unknown code ${String(error.code)}`;
  if (typeof error.message !== "string" || error.message.length === 0) return "no message";
  if (!Array.isArray(error.details)) return "details is not an array";
  for (const detail of error.details as unknown[]) {
    const { path, message } = (detail ?? {}) as Record<string, unknown>;
    if (typeof path !== "string" || typeof message !== "string") return `bad detail ${JSON.stringify(detail)}`;
  }
  return null;
}

/** Signs that server internals leaked into a response body. */
function leaksInternals(text: string): boolean {
  return (
    /node_modules/.test(text) ||
    /\bat\s+\S*\s*\(?(?:file:\/\/)?\/[^\s)]*\.(?:[cm]?js|tsx?):\d+/.test(text) ||
    /\n\s+at\s/.test(text) ||
    /\/work\/|\/build\/server\//.test(text) ||
    /Prisma|SQLITE_|PrismaClient/i.test(text)
  );
}

function expectError(response: RawResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(envelopeProblem(response.text), response.text).toBeNull();
  expect((JSON.parse(response.text) as { error: { code: string } }).error.code).toBe(code);
  expect(leaksInternals(response.text), response.text).toBe(false);
}

const errorOf = (response: RawResponse) =>
  (JSON.parse(response.text) as { error: { code: string; message: string; details: { path: string; message: string }[] } }).error;

/** A valid batch body of `cards` cards, each carrying `metadataBytes` of metadata, serialized. */
function batchBody(cards: number, metadataBytes: number, redemption: object = { email: "jane@example.com" }) {
  const entries = Math.ceil(metadataBytes / 4000);
  const perEntry = Math.floor(metadataBytes / entries);
  const card = {
    ...cardInput(),
    metadata: Array.from({ length: entries }, (_, i) => ({ key: `blob-${i}`, value: "x".repeat(perEntry) })),
  };
  return JSON.stringify({ redemption, cards: Array.from({ length: cards }, () => card) });
}

describe("X-Request-Id", () => {
  it("is on every response: success, 4xx, unknown /v1 path, unknown page, and the OpenAPI document", async () => {
    const { key } = await shopClient();

    const responses = await Promise.all([
      call("/v1/unit-cards", { key }),
      call("/v1/unit-cards"),
      call("/v1/unit-cards/card_NOPE", { key }),
      post("/v1/unit-cards", key, "{"),
      call("/v1/no-such-endpoint", { key }),
      call("/no-such-page"),
      call("/v1/openapi.json"),
    ]);

    expect(responses.map((response) => response.status)).toEqual([200, 401, 404, 400, 404, 404, 200]);
    for (const response of responses) expect(response.headers.get("x-request-id")).toMatch(/^[\w.-]{1,128}$/);
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a valid incoming X-Request-Id on success and on error", async () => {
    const { key } = await shopClient();
    const mine = `trace-${randomBytes(8).toString("hex")}.1`;

    const ok = await call("/v1/unit-cards", { key, headers: { "X-Request-Id": mine } });
    const failed = await call("/v1/unit-cards", { headers: { "X-Request-Id": `${mine}-b` } });

    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBe(mine);
    expect(failed.status).toBe(401);
    expect(failed.headers.get("x-request-id")).toBe(`${mine}-b`);
  });

  it("replaces an incoming X-Request-Id that is not a safe token", async () => {
    const { key } = await shopClient();

    for (const unsafe of ["has spaces in it", "a".repeat(300), "<script>"]) {
      const response = await call("/v1/unit-cards", { key, headers: { "X-Request-Id": unsafe } });
      expect(response.status).toBe(200);
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[\w.-]{1,128}$/);
      expect(id).not.toBe(unsafe);
    }
  });
});

describe("authentication", () => {
  const expectUnauthenticated = (response: RawResponse) => {
    expectError(response, 401, "UNAUTHENTICATED");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
  };

  it("answers 401 UNAUTHENTICATED with WWW-Authenticate when there is no Authorization header", async () => {
    expectUnauthenticated(await call("/v1/unit-cards"));
    expectUnauthenticated(
      await call("/v1/unit-cards", { method: "POST", body: JSON.stringify({ ...cardInput(), email: "a@example.com" }) }),
    );
  });

  it("answers 401 for a malformed Authorization header", async () => {
    const { key } = await shopClient();

    for (const header of [
      `Basic ${Buffer.from("user:pass").toString("base64")}`,
      "Bearer",
      "Bearer ",
      `Token ${key}`,
      `Bearer ${key} extra`,
      key,
    ]) {
      expectUnauthenticated(await call("/v1/unit-cards", { headers: { Authorization: header } }));
    }
  });

  it("answers 401 for an unknown key, including one shaped like a real key", async () => {
    expectUnauthenticated(await call("/v1/unit-cards", { key: `tc_${randomBytes(32).toString("base64url")}` }));
    expectUnauthenticated(await call("/v1/unit-cards", { key: "not-our-key" }));
    expectUnauthenticated(await call("/v1/unit-cards", { key: `tc_${"a".repeat(500)}` }));
  });

  it("answers 401 for a revoked key, and writes nothing with it", async () => {
    const { shop, key, keyId } = await shopClient();
    expect((await call("/v1/unit-cards", { key })).status).toBe(200);

    await revokeApiKey(shop, keyId);

    expectUnauthenticated(await call("/v1/unit-cards", { key }));
    expectUnauthenticated(await post("/v1/unit-cards", key, JSON.stringify({ ...cardInput(), email: "jane@example.com" })));
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("accepts the scheme name in any case", async () => {
    const { key } = await shopClient();

    const response = await call("/v1/unit-cards", { headers: { Authorization: `bearer ${key}` } });

    expect(response.status).toBe(200);
  });
});

describe("routing", () => {
  it("answers a path with a malformed percent-escape with a 4xx envelope, not 500", async () => {
    const { key } = await shopClient();

    for (const path of ["/v1/unit-cards/%E0%A4%A", "/v1/unit-cards/%zz", "/v1/%"]) {
      const response = await call(path, { key });
      expect(response.status, `${path} → ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} → ${response.text}`).toBeLessThan(500);
      expect(envelopeProblem(response.text), response.text).toBeNull();
      expect(response.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("answers an unknown /v1 path with the 404 NOT_FOUND JSON envelope", async () => {
    const { key } = await shopClient();

    for (const [method, path] of [
      ["GET", "/v1/nope"],
      ["POST", "/v1/unit-cards/_actions/nope"],
      ["GET", "/v1/unit-cards/a/b"],
    ] as const) {
      const response = await call(path, { method, key, ...(method === "POST" ? { body: "{}" } : {}) });
      expectError(response, 404, "NOT_FOUND");
    }
  });

  it("answers DELETE on /v1/names with 405 METHOD_NOT_ALLOWED and an Allow header", async () => {
    const { key } = await shopClient();

    const response = await call("/v1/names", { method: "DELETE", key });

    expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("answers other wrong methods with 405 and the methods that are allowed", async () => {
    const { key } = await shopClient();

    const putCards = await call("/v1/unit-cards", { method: "PUT", key, body: "{}" });
    const postValidate = await call("/v1/validate-name", { method: "POST", key, body: "{}" });

    expectError(putCards, 405, "METHOD_NOT_ALLOWED");
    expect(putCards.headers.get("allow")?.split(/,\s*/).sort()).toEqual(["GET", "POST"]);
    expectError(postValidate, 405, "METHOD_NOT_ALLOWED");
    expect(postValidate.headers.get("allow")).toBe("GET");
  });
});

describe("request bodies", () => {
  it("answers malformed JSON with 400 INVALID_JSON and writes nothing", async () => {
    const { shop, key } = await shopClient();

    for (const body of ["{", '{"name": }', "{'name': 'x'}", "NaN", '{"a":1,}', "\u0000"]) {
      expectError(await post("/v1/unit-cards", key, body), 400, "INVALID_JSON");
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("answers an empty or blank body with 400", async () => {
    const { key } = await shopClient();

    expectError(await post("/v1/unit-cards", key, ""), 400, "INVALID_JSON");
    expectError(await post("/v1/names", key, "   \n "), 400, "INVALID_JSON");
    expectError(
      await call("/v1/issue-digital-twin", { method: "POST", key, headers: { "Content-Type": "application/json" } }),
      400,
      "INVALID_JSON",
    );
  });

  it("answers a body that is not UTF-8 with 400", async () => {
    const { key } = await shopClient();

    const response = await call("/v1/names", { method: "POST", key, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });

    expectError(response, 400, "INVALID_JSON");
  });

  it("answers JSON nested 100 levels deep with 400, not 500", async () => {
    const { shop, key } = await shopClient();
    const deepArray = "[".repeat(100) + "]".repeat(100);
    const deepObject = '{"a":'.repeat(100) + "1" + "}".repeat(100);
    const deepInMetadata = JSON.stringify({
      ...cardInput(),
      email: "jane@example.com",
      metadata: [{ key: "deep", value: "PLACEHOLDER" }],
    }).replace('"PLACEHOLDER"', deepArray);

    for (const body of [deepArray, deepObject, deepInMetadata]) {
      expectError(await post("/v1/unit-cards", key, body), 400, "INVALID_JSON");
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE and writes nothing", async () => {
    const { shop, key } = await shopClient();
    const body = batchBody(6, 200_000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);

    const response = await rawPost("/v1/unit-cards/_actions/batch", key, body);

    expectError(response, 413, "PAYLOAD_TOO_LARGE");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect(await db.redemption.count({ where: { shop } })).toBe(0);
  });

  it("answers 413 for a chunked body over 1 MiB that declares no length, and writes nothing", async () => {
    const { shop, key } = await shopClient();

    const response = await rawPost("/v1/unit-cards/_actions/batch", key, batchBody(6, 200_000), { chunked: true });

    expectError(response, 413, "PAYLOAD_TOO_LARGE");
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("keeps answering on a kept-alive connection after a 413", async () => {
    const { shop, key } = await shopClient();
    const agent = new nodeHttp.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await rawPost("/v1/unit-cards/_actions/batch", key, batchBody(6, 200_000), { agent });
      const next = await rawPost("/v1/unit-cards/_actions/batch", key, batchBody(2, 200_000), { agent });
      const after = await rawPost("/v1/unit-cards/_actions/batch", key, batchBody(2, 200_000), { agent });

      expectError(tooLarge, 413, "PAYLOAD_TOO_LARGE");
      expect(next.status, next.text.slice(0, 300)).toBe(201);
      expect(after.status, after.text.slice(0, 300)).toBe(201);
      expect(await db.unitCard.count({ where: { shop } })).toBe(4);
    } finally {
      agent.destroy();
    }
  });

  it("lets a client that writes all of a 2 MiB body before reading, then closes, read the 413 every time", async () => {
    const { shop, key } = await shopClient();
    const body = Buffer.from(batchBody(11, 200_000));
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const head = (framing: string) =>
      `POST /v1/unit-cards/_actions/batch HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n${framing}Connection: close\r\n\r\n`;
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
    // A reset loses the answer only now and then, so each kind of client tries many times.
    for (let round = 0; round < 25; round++) {
      const answers = await Promise.all([
        statusOf(head(`Content-Length: ${body.length}\r\n`), body),
        statusOf(head("Transfer-Encoding: chunked\r\n"), chunked),
        rawPost("/v1/unit-cards/_actions/batch", key, body.toString(), { close: true }).then((answer) => answer.status),
        fetch(`${baseUrl}/v1/unit-cards/_actions/batch`, {
          method: "POST",
          body,
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        }).then((response) => response.status),
      ]);
      expect(answers).toEqual([413, 413, 413, 413]);
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("refuses a body declared far over the limit at once, without waiting for it, and closes the connection", async () => {
    const { key } = await shopClient();
    const answer = await new Promise<nodeHttp.IncomingMessage>((resolve, reject) => {
      const request = nodeHttp.request(
        `${baseUrl}/v1/unit-cards`,
        {
          method: "POST",
          agent: false,
          headers: {
            Authorization: `Bearer ${key}`,
            "Content-Type": "application/json",
            "Content-Length": String(100 * 1024 * 1024),
            "X-Forwarded-For": uniqueClientAddress(),
          },
        },
        resolve,
      );
      request.on("error", reject);
      // Headers only: the 100 MiB never comes.
      request.flushHeaders();
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.headers.connection).toBe("close");
    answer.destroy();
  });

  it("processes a body just under 1 MiB (201 for a valid batch, not 413)", async () => {
    const { shop, key } = await shopClient();
    const body = batchBody(5, 200_000);
    const size = Buffer.byteLength(body);
    expect(size).toBeGreaterThan(1_000_000);
    expect(size).toBeLessThanOrEqual(1024 * 1024);

    const response = await post("/v1/unit-cards/_actions/batch", key, body);

    expect(response.status, response.text.slice(0, 500)).toBe(201);
    expect(await db.unitCard.count({ where: { shop } })).toBe(5);
  });

  it("validates (422, not 413) an invalid body just under 1 MiB", async () => {
    const { shop, key } = await shopClient();
    const body = JSON.stringify({ ...cardInput(), email: "jane@example.com", name: "n".repeat(1_040_000) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1024 * 1024);

    const response = await post("/v1/unit-cards", key, body);

    expectError(response, 422, "VALIDATION_FAILED");
    expect(errorOf(response).details.map((detail) => detail.path)).toEqual(["name"]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("answers a JSON body that is an array, number, string, boolean or null with 422", async () => {
    const { shop, key } = await shopClient();

    for (const path of [
      "/v1/unit-cards",
      "/v1/unit-cards/_actions/batch",
      "/v1/names",
      "/v1/issue-digital-twin",
      "/v1/unit-cards/_actions/redeem",
    ]) {
      for (const body of ["[]", "[{}]", "42", '"a string"', "true", "null"]) {
        expectError(await post(path, key, body), 422, "VALIDATION_FAILED");
      }
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("answers strings with an unpaired UTF-16 surrogate (\\ud800 in JSON) with a 4xx naming the field, not 500, and writes nothing", async () => {
    const { shop, key } = await shopClient();
    const publicKey = walletKey();
    // JSON.stringify escapes a lone surrogate as \ud800: the body is valid JSON and valid UTF-8.
    const cases: [string, object, string][] = [
      ["/v1/unit-cards", { ...cardInput("\ud800"), email: "jane@example.com" }, "name"],
      ["/v1/unit-cards", { ...cardInput("Gold \udfff\ud800"), owner: "shopify|1", publicKey }, "name"],
      ["/v1/unit-cards/_actions/batch", { owner: "shopify|1", publicKey, cards: [cardInput("ok"), cardInput("\ud83d")] }, "cards[1].name"],
      ["/v1/names", { name: uniqueName(), publicKey, owner: "shopify|\ud800" }, "owner"],
      ["/v1/issue-digital-twin", { name_id: "uns_\ud800", public_key: publicKey, title: "Cap", quantity: 1 }, "name_id"],
    ];

    for (const [path, body, field] of cases) {
      const response = await post(path, key, JSON.stringify(body));
      expect(response.status, `${path} ${field} → ${response.text}`).toBe(422);
      expect(envelopeProblem(response.text), response.text).toBeNull();
      expect(errorOf(response).details).toContainEqual({ path: field, message: "Contains an unpaired UTF-16 surrogate" });
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });

  it("answers strings with a NUL character with a 4xx naming the field on both databases, and writes nothing", async () => {
    const { shop, key } = await shopClient();
    const publicKey = walletKey();
    const cases: [string, object, string][] = [
      ["/v1/unit-cards", { ...cardInput("Gold\u0000"), email: "jane@example.com" }, "name"],
      ["/v1/names", { name: uniqueName(), publicKey, owner: "shopify|1\u0000" }, "owner"],
      ["/v1/issue-digital-twin", { name_id: "uns_01J\u0000", public_key: publicKey, title: "Cap", quantity: 1 }, "name_id"],
      // The redeem counts its attempt (a shared rate-limit row keyed by the code's start) before the handler runs.
      ["/v1/unit-cards/_actions/redeem", { code: "A\u0000BCDEFGH", publicKey }, "code"],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(path, key, JSON.stringify(body));
      expect(response.status, `${path} ${field} → ${response.text}`).toBe(422);
      expect(errorOf(response).details).toContainEqual({ path: field, message: "Contains a NUL character (U+0000)" });
    }
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
  });

  it("answers a NUL character in a path id with 404, not a database error", async () => {
    const { key } = await shopClient();
    for (const path of ["/v1/unit-cards/card_%00", "/v1/digital-twins/%00"]) {
      const response = await http(path, { key });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  });

  it("never puts a stack trace or file paths in an error body", async () => {
    const { key } = await shopClient();
    const responses = await Promise.all([
      post("/v1/unit-cards", key, "{"),
      post("/v1/unit-cards", key, '{"name": {"toString": 1}, "media": "x"}'),
      post("/v1/unit-cards/_actions/redeem", key, JSON.stringify({ code: "ZZZZ-ZZZZ-ZZZZ", owner: "shopify|1", publicKey: walletKey() })),
      post("/v1/names", key, JSON.stringify({ name: "__proto__", publicKey: "x" })),
      post("/v1/issue-digital-twin", key, JSON.stringify({ __proto__: { quantity: 1 }, constructor: { prototype: {} } })),
      call("/v1/unit-cards?limit=abc&cursor=%00%ff", { key }),
      call("/v1/unit-cards/card_%00%0A%20at%20x.js:1:1", { key }),
      call("/v1/unit-cards", { key: "tc_x" }),
      call("/v1/nope", { key }),
    ]);

    for (const response of responses) {
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
      expect(response.status, response.text).toBeLessThan(500);
      expect(leaksInternals(response.text), response.text).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------
// Fuzz: deterministic pseudo-random bodies; the API must answer every one with
// a success or a 4xx in the error envelope, never a 5xx.

/** Choices from the suite's seeded stream (seeded-random.ts), so every run sends the same bodies. */
function seeded(seed: number) {
  const next = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof seeded>;

const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "\t\n",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "true",
  "[]",
  "{}",
  "💳🃏👾",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D",
  "ẞtraße",
  "日本語のカード",
  "\ud800",
  "\udfff\ud800",
  "a".repeat(5000),
  "<script>alert(1)</script>",
  "'; DROP TABLE UnitCard; --",
  "../../etc/passwd",
  "%00%ff",
  "\\u0000",
  "__proto__",
  "constructor",
  "shopify|",
  "|1",
  "shopify|1|2",
  "https://",
  "javascript:alert(1)",
  "http://[::1",
  "ftp://example.com/x.png",
  "+1",
  "+999999999999999",
  "a@b",
  "@example.com",
  "jane@example..com",
  "XXXX-XXXX-XXXX",
  "0000-0000-0000",
  "usd",
  "XTS",
  "ZZZ",
  "11111111111111111111111111111111",
  "So11111111111111111111111111111111111111112",
];

const ODD_NUMBERS = [0, -0, -1, 1, 1.5, 0.1 + 0.2, 1e-7, 1e21, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 19.999, 1e12, 1e12 + 1];

function randomValue(random: Random, depth = 0): unknown {
  const kind = random.int(depth >= 3 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick(ODD_NUMBERS);
    case 3:
      return random.pick(ODD_STRINGS);
    case 4:
      return randomString(random, random.int(40));
    case 5:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [randomString(random, 1 + random.int(8)), randomValue(random, depth + 1)]),
      );
    default:
      return { imageUrls: randomValue(random, depth + 1), videoUrls: [], key: "k", value: randomValue(random, depth + 1) };
  }
}

function randomString(random: Random, length: number): string {
  const ranges = [
    [0x20, 0x7e],
    [0xa0, 0x24f],
    [0x370, 0x3ff],
    [0x4e00, 0x4fff],
    [0x1f300, 0x1f5ff],
    [0x0, 0x1f],
  ] as const;
  let out = "";
  for (let i = 0; i < length; i++) {
    const [low, high] = random.pick(ranges);
    out += String.fromCodePoint(low + random.int(high - low + 1));
  }
  return out;
}

/** Replaces the value at a random path inside `base` (an object or array) with `value`. */
function mutateAt(random: Random, base: unknown, value: () => unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (;;) {
    const keys = Object.keys(target);
    if (keys.length === 0) return copy;
    const key = random.pick(keys);
    const child = target[key];
    if (child !== null && typeof child === "object" && random.next() < 0.5) {
      target = child as Record<string, unknown>;
      continue;
    }
    const action = random.int(4);
    if (action === 0) delete target[key];
    else if (action === 1) target[`${key}${random.pick(["_x", "X", ""])}extra`] = value();
    else target[key] = value();
    return copy;
  }
}

function fuzzBody(random: Random, base: unknown): string {
  switch (random.int(10)) {
    case 0:
      return JSON.stringify(randomValue(random));
    case 1:
      return "null";
    // Huge, but not so huge that a slow validator could stall the shared server for minutes.
    case 2:
      return JSON.stringify(mutateAt(random, base, () => random.pick(["x", "é", "1"]).repeat(1000 + random.int(40_000))));
    case 3:
      return JSON.stringify(mutateAt(random, base, () => randomString(random, 1 + random.int(200))));
    case 4:
      return JSON.stringify(mutateAt(random, base, () => null));
    case 5: {
      // Raw text: truncated JSON, or the base with a random byte flipped.
      const text = JSON.stringify(base);
      return random.next() < 0.5 ? text.slice(0, random.int(text.length)) : text.replace(/[0-9a-z]/, randomString(random, 1));
    }
    case 6: {
      // Every field of the base given a wrong type at once.
      const record = base as Record<string, unknown>;
      return JSON.stringify(Object.fromEntries(Object.keys(record).map((key) => [key, randomValue(random, 2)])));
    }
    default:
      return JSON.stringify(mutateAt(random, base, () => randomValue(random)));
  }
}

describe("fuzz", () => {
  it("answers 200 deterministic pseudo-random bodies on every POST endpoint with 2xx or a 4xx envelope, never 5xx", async () => {
    const shop = uniqueShop();
    const keys = await Promise.all(Array.from({ length: 5 }, () => shopClient(shop)));
    const owned = walletKey();
    const name = await keys[0]!.client.names.register({ name: uniqueName("fuzz"), publicKey: owned });
    const pending = await keys[0]!.client.cards.create({ ...cardInput(), email: "fuzz@example.com" });

    const bases: Record<string, unknown> = {
      "/v1/unit-cards": { ...cardInput(), email: "jane@example.com", phone: "+14155550123" },
      "/v1/unit-cards/_actions/batch": {
        redemption: { email: "jane@example.com", code: "FUZZ-CODE-0001" },
        cards: [cardInput(), cardInput("Silver")],
      },
      "/v1/unit-cards/_actions/redeem": { code: pending.redemption!.code!, owner: "shopify|42", publicKey: walletKey() },
      "/v1/names": { name: uniqueName("fz"), publicKey: walletKey(), owner: "shopify|42" },
      "/v1/issue-digital-twin": {
        name_id: name.uns_name_id,
        public_key: owned,
        title: "Fuzz",
        quantity: 1,
        price: 19.99,
        currency: "USD",
        categories: ["a"],
        links: ["https://example.com"],
        images: ["https://example.com/i.png"],
      },
    };
    const paths = Object.keys(bases);
    const random = seeded(0x7c1d5eed);
    const requests = Array.from({ length: 200 }, (_, i) => {
      const path = paths[i % paths.length]!;
      return { path, body: fuzzBody(random, bases[path]), key: keys[i % keys.length]!.key };
    });

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // A few at a time: enough to overlap requests, few enough to stay far below each key's burst.
    for (let start = 0; start < requests.length; start += 10) {
      await Promise.all(
        requests.slice(start, start + 10).map(async ({ path, body, key }) => {
          const response = await post(path, key, body, { "X-Forwarded-For": uniqueClientAddress() });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const ok = response.status === 200 || response.status === 201;
          const problem = ok
            ? (JSON.parse(response.text) as { data?: unknown }).data === undefined
              ? "success without data"
              : null
            : response.status >= 400 && response.status < 500
              ? envelopeProblem(response.text)
              : `status ${response.status}`;
          if (problem || leaksInternals(response.text)) {
            failures.push(
              `${path} ${body.slice(0, 300)} → ${response.status} ${problem ?? "leaks internals"}: ${response.text.slice(0, 300)}`,
            );
          }
        }),
      );
    }

    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(200);
    // The fuzz reached validation, not just the JSON parser.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(50);
  }, 120_000);
});
