import { describe, expect, it } from "vitest";
import { http } from "../support/api";

// GET /v1/docs over HTTP (issue 29): public like openapi.json, an HTML page that loads Redoc and
// its start script from the app's own hashed assets, under a Content-Security-Policy that allows
// nothing else. The browser test (test/e2e/api-reference.e2e.test.ts) checks that Redoc works under it.

const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

async function docs() {
  const response = await http("/v1/docs");
  const html = await response.text();
  const policy = directives(response.headers.get("content-security-policy") ?? "");
  const scripts = [...html.matchAll(/<script nonce="([^"]+)" src="([^"]+)"><\/script>/g)].map(([, nonce, src]) => ({
    nonce: nonce!,
    src: src!,
  }));
  return { response, html, policy, scripts };
}

describe("GET /v1/docs", () => {
  it("answers the reference page to anyone, without an API key, never cached", async () => {
    const { response, html } = await docs();

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(html).toContain("<title>Twin Cards API reference</title>");
    expect(html).toContain('<div id="redoc" data-spec-url="/v1/openapi.json"></div>');
    // Without JavaScript, the reader is sent to the document itself.
    expect(html).toMatch(/<noscript>.*<a href="\/v1\/openapi.json">/);
  });

  it("loads only the app's own scripts, by this response's nonce, under a policy that allows nothing from elsewhere", async () => {
    const first = await docs();
    const second = await docs();
    const [nonce] = first.policy["script-src"]!.map((value) => /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(value)?.[1]);

    expect(first.policy).toEqual({
      "default-src": ["'none'"],
      "script-src": [`'nonce-${nonce}'`],
      "style-src": [
        `'nonce-${nonce}'`,
        expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
        expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      ],
      "img-src": ["'self'", "data:"],
      "connect-src": ["'self'"],
      "worker-src": ["blob:"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
    expect(nonce!.length).toBeGreaterThanOrEqual(24);
    expect(second.policy["script-src"]).not.toEqual(first.policy["script-src"]);
    // Every script carries the nonce and comes from the app's hashed assets; no inline script.
    expect(first.scripts.map((script) => script.src)).toEqual([
      expect.stringMatching(/^\/assets\/redoc\.standalone-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/redoc-init-[\w-]+\.js$/),
    ]);
    expect(first.scripts.every((script) => script.nonce === nonce)).toBe(true);
    expect(first.html.match(/<script/g)).toHaveLength(2);
    expect(first.html).not.toMatch(/https?:\/\//);
  });

  it("serves Redoc's bundle and its start script from the app, cached for good, with no address outside the app to load", async () => {
    const { scripts } = await docs();
    for (const { src } of scripts) {
      const response = await http(src);
      expect(response.status, src).toBe(200);
      expect(response.headers.get("content-type"), src).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.get("cache-control"), src).toBe("public, max-age=31536000, immutable");
      const code = await response.text();
      // Redoc's attribution logo was its only thing loaded from elsewhere (its CDN); the build takes it out (vite.config.ts).
      // (Its attribution link to redocly.com stays: a link the reader may follow, not a load.)
      expect(code.includes("cdn.redoc.ly"), src).toBe(false);
      expect(code.match(/\bsrc\s*[:=]\s*["']https?:\/\/[^"']*/g), src).toBeNull();
    }
    const bundle = await (await http(scripts[0]!.src)).text();
    expect(bundle.includes('ReDoc Version: ","2.5.4"')).toBe(true);
  });

  it("answers another method 405 in the API's envelope, and a HEAD like a GET without a body", async () => {
    const post = await http("/v1/docs", { method: "POST", body: "{}" });
    const head = await http("/v1/docs", { method: "HEAD" });

    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect(await post.json()).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: "Use GET on this path", details: [] } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(await head.text()).toBe("");
  });
});
