import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl, embeddedUrl } from "../support/admin";
import { shopClient, uniqueShop, USER_AGENT } from "../support/api";
import { cardInput } from "../support/fixtures";

// What a merchant's browser downloads for an admin page: compressed when it can
// take it, hashed assets kept for good, the page itself never kept.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes on the wire, as sent (fetch would decompress them). */
  bytes: Buffer;
}

function rawGet(url: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { "User-Agent": USER_AGENT, "Accept-Encoding": acceptEncoding, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const decoded = ({ headers, bytes }: Raw) =>
  headers["content-encoding"] === "br" ? brotliDecompressSync(bytes) : headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes;

const BROWSER = "gzip, deflate, br, zstd";

describe("weight of the admin on the wire", () => {
  it("sends an admin page compressed to a browser that accepts it, and never lets it be cached", async () => {
    const url = embeddedUrl("/app/cards", uniqueShop());
    const plain = await rawGet(url, "identity");
    const compressed = await rawGet(url, BROWSER);

    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(decoded(compressed).toString()).toContain("</html>");
    for (const page of [plain, compressed]) expect(page.headers["cache-control"]).toBe("no-store");
  });

  it("sends the page's stylesheet and scripts compressed (the same bytes once decoded) and lets the browser keep them for a year", async () => {
    const page = decoded(await rawGet(embeddedUrl("/app/customers", uniqueShop()), BROWSER)).toString();
    const stylesheets = [...page.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]!);
    const scripts = [...page.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);

    const plainOf = async (path: string) => ({ path, plain: await rawGet(`${baseUrl}${path}`, "identity") });
    const scriptFiles = await Promise.all(scripts.map(plainOf));
    // The three largest scripts: a chunk of a few bytes gains nothing from compression and is sent as it is.
    const largestScripts = scriptFiles.sort((a, b) => b.plain.bytes.length - a.plain.bytes.length).slice(0, 3);
    for (const { path, plain } of [await plainOf(stylesheets[0]!), ...largestScripts]) {
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      for (const [accepts, encoding] of [
        [BROWSER, "br"],
        ["gzip", "gzip"],
      ] as const) {
        const asset = await rawGet(`${baseUrl}${path}`, accepts);
        expect(asset.status, path).toBe(200);
        expect(asset.headers["content-encoding"], `${path} for ${accepts}`).toBe(encoding);
        expect(asset.headers["content-type"], path).toMatch(path.endsWith(".css") ? /^text\/css/ : /^(application|text)\/javascript/);
        expect(asset.headers["vary"], path).toMatch(/Accept-Encoding/i);
        expect(asset.headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
        expect(asset.bytes.length, path).toBeLessThan(plain.bytes.length);
        expect(decoded(asset).equals(plain.bytes), `${path} decodes to the file itself`).toBe(true);
      }
    }
  });
});

// The /v1 router writes on Node's own response, before Express (decision 0046): its answers
// are compressed as the compression middleware compresses the rest.
describe("weight of /v1 answers on the wire", () => {
  it("compresses a large answer for a client that accepts it, and says it varies by Accept-Encoding", async () => {
    const { client, key } = await shopClient();
    for (let i = 0; i < 12; i++) await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    const url = `${baseUrl}/v1/unit-cards?limit=12`;
    const auth = { Authorization: `Bearer ${key}` };

    const plain = await rawGet(url, "identity", auth);
    const compressed = await rawGet(url, BROWSER, auth);
    const gzip = await rawGet(url, "gzip", auth);

    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [compressed, gzip]) {
      expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(JSON.parse(decoded(answer).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    }
    for (const answer of [plain, compressed, gzip]) {
      expect(answer.headers["vary"]).toMatch(/Accept-Encoding/i);
      expect(answer.headers["x-request-id"]).toMatch(/^[\w.-]{1,128}$/);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
  });

  it("sends a small answer as it is, even to a client that accepts compression", async () => {
    const { key } = await shopClient();
    const small = await rawGet(`${baseUrl}/v1/validate-name?name=nobody-here`, BROWSER, {
      Authorization: `Bearer ${key}`,
      "X-Request-Id": "trace-1",
    });

    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(small.headers["x-request-id"]).toBe("trace-1");
    expect(JSON.parse(small.bytes.toString())).toMatchObject({ data: { available: false } });
  });

  it("compresses the OpenAPI document, which no v1Route serves", async () => {
    const compressed = await rawGet(`${baseUrl}/v1/openapi.json`, BROWSER);

    expect(compressed.status).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(decoded(compressed).toString())).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });
});
