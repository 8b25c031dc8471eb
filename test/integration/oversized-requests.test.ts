import nodeHttp from "node:http";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { MAX_BODY_BYTES, MAX_DRAINED_BYTES } from "~/faces/api/request-body.server";
import { baseUrl, shopClient, uniqueClientAddress, USER_AGENT } from "../support/api";
import { writeThenRead } from "../support/write-then-read";

/*
 * A request too large for the server is refused in words the client can read,
 * whatever its path (the API, the admin, the storefront's proxy with a path
 * that does not decode, webhooks, a page that does not exist) and however the
 * client sends it: the answer is never lost to a reset (issue 37).
 */

const OVER_LIMIT = Buffer.alloc(MAX_BODY_BYTES + 150_000, "{");
// `//é` goes on the wire percent-encoded, as clients send it (its raw bytes are refused before any header: below).
const PATHS = ["/v1/unit-cards", "/app", "/proxy/%ZZ/x", "/webhooks/app/uninstalled", "/no-such-page", "//é"];
const METHODS = ["GET", "HEAD", "POST"];
const TOO_LARGE = "The request body is larger than 1 MiB";

/** The words of a 413: the /v1 error envelope on the API, a line of text elsewhere; the status alone to a HEAD. */
function expectTooLarge(path: string, status: number, text: string, label = path) {
  expect(status, `${label}: ${text.slice(0, 200)}`).toBe(413);
  if (label.startsWith("HEAD ")) return expect(text).toBe("");
  if (path.startsWith("/v1/")) expect(JSON.parse(text)).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: TOO_LARGE, details: [] } });
  else expect(text).toBe(TOO_LARGE);
}

/** node:http, which reads the answer while it still sends. */
function nodeRequest(path: string, method: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = nodeHttp.request(
      `${baseUrl}${path}`,
      { method, agent: false, headers: { "User-Agent": USER_AGENT, "X-Forwarded-For": uniqueClientAddress(), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const head = (requestLine: string, length: number) =>
  `${requestLine}\r\nHost: 127.0.0.1\r\nUser-Agent: ${USER_AGENT}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("a body over 1 MiB, on every path", () => {
  it("is answered 413 in readable words, through node:http (GET, HEAD and POST) and fetch (POST)", async () => {
    for (const path of PATHS) {
      for (const method of METHODS) {
        const answer = await nodeRequest(path, method, OVER_LIMIT, { "Content-Length": String(OVER_LIMIT.length) });
        expectTooLarge(path, answer.status, answer.text, `${method} ${path}`);
      }
      const response = await fetch(`${baseUrl}${path}`, { method: "POST", body: OVER_LIMIT, headers: { "User-Agent": USER_AGENT } });
      expectTooLarge(path, response.status, await response.text(), `fetch ${path}`);
    }
  });

  it("reaches a client that writes all of it before reading, on every path and method", async () => {
    for (const path of PATHS) {
      for (const method of METHODS) {
        const answer = await writeThenRead(
          baseUrl,
          head(`${method} ${path.replace(/[^\x20-\x7e]/g, encodeURIComponent)} HTTP/1.1`, OVER_LIMIT.length),
          OVER_LIMIT,
        );
        if ("error" in answer) expect.fail(`${method} ${path}: no answer (${answer.error})`);
        expectTooLarge(path, answer.status, answer.text, `${method} ${path}`);
      }
    }
  });

  it("refuses a valid API key's oversized batch and writes nothing", async () => {
    const { shop, key } = await shopClient();
    const answer = await nodeRequest("/v1/unit-cards/_actions/batch", "POST", OVER_LIMIT, {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
    });
    expectTooLarge("/v1/unit-cards/_actions/batch", answer.status, answer.text);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });
});

/** `body` in chunks of 64 KiB, as a client sends a body of unknown length. */
function chunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += 64 * 1024) {
    const chunk = body.subarray(offset, offset + 64 * 1024);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
  }
  return Buffer.concat([...parts, Buffer.from("0\r\n\r\n")]);
}

describe("a body over the limit sent without a length (chunked)", () => {
  const huge = chunked(Buffer.alloc(MAX_DRAINED_BYTES + MAX_BODY_BYTES, "{"));
  // With a signature header, so that webhooks and Flow read the body to check it (without one, a webhook is a 401 at once).
  const chunkedHead = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${USER_AGENT}\r\nContent-Type: application/json\r\nX-Shopify-Hmac-Sha256: ${"A".repeat(43)}=\r\nTransfer-Encoding: chunked\r\n\r\n`;

  it("is cut off at 1 MiB where a route reads it: 413 from webhooks, Flow, Apple Wallet's service", async () => {
    for (const path of ["/webhooks/app/uninstalled", "/flow/actions/issue-card", "/wallet/v1/log"]) {
      const answer = await writeThenRead(baseUrl, chunkedHead(path), huge);
      if ("error" in answer) expect.fail(`${path}: no answer (${answer.error})`);
      expectTooLarge(path, answer.status, answer.text);
    }
  });

  it("does not keep a client that writes it all waiting where a route answers before reading it", async () => {
    const answers: Record<string, number | string> = {};
    for (const path of ["/v1/unit-cards", "/v1/unit-cards/", "/proxy/redeem", "/app", "/customer-account/cards", "/no-such-page"]) {
      const answer = await writeThenRead(baseUrl, chunkedHead(path), huge);
      answers[path] = "error" in answer ? answer.error : answer.status;
    }
    // No key, no app proxy signature, a page that takes no post, no session token, no such page: each says so.
    expect(answers).toEqual({
      "/v1/unit-cards": 401,
      "/v1/unit-cards/": 401,
      "/proxy/redeem": 400,
      "/app": 405,
      "/customer-account/cards": 401,
      "/no-such-page": 404,
    });
  });
});

describe("a request too large to be read at all", () => {
  it("answers a body far over the limit at once, and a client that goes on writing all of it still reads the 413", async () => {
    const huge = Buffer.alloc(MAX_DRAINED_BYTES + MAX_BODY_BYTES, "x");
    for (const path of ["/v1/unit-cards", "/proxy/%ZZ/x"]) {
      const answer = await writeThenRead(baseUrl, head(`POST ${path} HTTP/1.1`, huge.length), huge);
      if ("error" in answer) expect.fail(`${path}: no answer (${answer.error})`);
      expectTooLarge(path, answer.status, answer.text);
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("answers a request line and headers over 16 KiB with a readable 431, even with a large body behind them", async () => {
    const longPath = `/proxy/%ZZ/${"x".repeat(20_000)}`;
    const answer = await writeThenRead(baseUrl, head(`GET ${longPath} HTTP/1.1`, OVER_LIMIT.length), OVER_LIMIT);
    if ("error" in answer) expect.fail(`no answer (${answer.error})`);
    expect(answer.status).toBe(431);
    expect(answer.text).toBe("Request header fields too large: the request line and headers must fit in 16 KiB");
    expect(answer.headers.connection).toBe("close");
  });

  it("answers a target with raw non-ASCII bytes (`//é`) with a readable 400 naming it, to GET, HEAD and POST, even with a large body behind it", async () => {
    for (const method of METHODS) {
      // The target is refused before any header is read, so before the body's size is known.
      const answer = await writeThenRead(baseUrl, head(`${method} //é HTTP/1.1`, OVER_LIMIT.length), OVER_LIMIT);
      if ("error" in answer) expect.fail(`${method} //é: no answer (${answer.error})`);
      expect(answer.status, method).toBe(400);
      expect(answer.text, method).toBe(
        method === "HEAD"
          ? ""
          : "Bad request: the request target has a character HTTP does not allow (percent-encode spaces, control characters and non-ASCII bytes)",
      );
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("answers a request Node cannot parse (an unknown method) with a readable 400, even with a large body behind it", async () => {
    const answer = await writeThenRead(baseUrl, head("GETT /v1/unit-cards HTTP/1.1", OVER_LIMIT.length), OVER_LIMIT);
    if ("error" in answer) expect.fail(`no answer (${answer.error})`);
    expect(answer.status).toBe(400);
    expect(answer.text).toBe("Bad request: this is not an HTTP/1.1 request the server can read");
    expect(answer.headers.connection).toBe("close");
  });
});
