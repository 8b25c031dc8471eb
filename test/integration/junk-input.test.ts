import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { API_SECRET, baseUrl, demoUrl } from "../support/admin";
import { http, shopClient, uniqueShop, USER_AGENT } from "../support/api";
import { proxyFetch, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput } from "../support/fixtures";
import { envelopeProblem } from "../support/fuzz/checks";
import { sendRaw, type RawResponse } from "../support/fuzz/raw-http";

const server = new URL(baseUrl);

/** A request as raw bytes (what fetch refuses to send: TRACE, CONNECT, junk headers), and its answer. */
async function raw(request: string): Promise<RawResponse & { text: string; header: (name: string) => string | undefined }> {
  const exchange = await sendRaw(server, Buffer.from(request, "latin1"), request.split(" ")[0]!);
  if ("error" in exchange) throw new Error(`no answer: ${exchange.error}`);
  const { response } = exchange;
  return { ...response, text: response.body.toString("utf8"), header: (name) => response.headers.find(([key]) => key === name)?.[1] };
}

const line = (method: string, target: string, headers: string[] = []) =>
  [`${method} ${target} HTTP/1.1`, `Host: ${server.host}`, `User-Agent: ${USER_AGENT}`, ...headers, "", ""].join("\r\n");

const errorCode = (text: string) => (JSON.parse(text) as { error: { code: string } }).error.code;

describe("HEAD on the API", () => {
  it("answers like GET without a body: the same status and headers, and the same 401 without a key", async () => {
    const { key } = await shopClient();
    const [get, head] = await Promise.all([
      http("/v1/unit-cards?limit=1", { key }),
      http("/v1/unit-cards?limit=1", { key, method: "HEAD" }),
    ]);
    const unauthenticated = await http("/v1/unit-cards", { method: "HEAD" });

    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(await head.text()).toBe("");
    expect(unauthenticated.status).toBe(401);
  });
});

describe("methods no route serves", () => {
  it("answers TRACE with 405 and Allow: in the /v1 envelope on API paths, in plain words elsewhere", async () => {
    const api = await raw(line("TRACE", "/v1/unit-cards"));
    const page = await raw(line("TRACE", "/app"));

    expect(api.status).toBe(405);
    expect(api.header("allow")).toBe("GET, HEAD, POST");
    expect(envelopeProblem(api.text), api.text).toBeNull();
    expect(errorCode(api.text)).toBe("METHOD_NOT_ALLOWED");
    expect(page.status).toBe(405);
    expect(page.header("allow")).toBe("GET, HEAD, POST");
    expect(page.text).toBe("TRACE is not served here; use GET, HEAD, POST");
  });

  it("answers WebDAV's PROPFIND the same way, not with Remix's error text", async () => {
    const response = await raw(line("PROPFIND", "/v1/names"));

    expect(response.status).toBe(405);
    expect(errorCode(response.text)).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers CONNECT with an HTTP 405 instead of dropping the connection", async () => {
    const response = await raw(`CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n`);

    expect(response.status).toBe(405);
    expect(response.header("allow")).toBe("GET, HEAD, POST");
    expect(response.text).toBe("CONNECT is not served here; use GET, HEAD, POST");
  });

  it("answers PUT on a page path with 405 (no page takes PUT)", async () => {
    const response = await http("/app/settings", { method: "PUT", body: "x" });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});

describe("a route's own 405", () => {
  it.each(["/v1/metadata/x.json", "/v1/openapi.json", "/v1/docs"])(
    "answers PUT and POST on %s with 405, Allow: GET, in the envelope",
    async (path) => {
      for (const method of ["PUT", "POST"]) {
        const response = await http(path, { method, body: "{}" });
        const text = await response.text();

        expect(response.status, text).toBe(405);
        expect(response.headers.get("allow")).toBe("GET");
        expect(envelopeProblem(text), text).toBeNull();
        expect(errorCode(text)).toBe("METHOD_NOT_ALLOWED");
      }
    },
  );

  it("answers a POST to a loader-only admin page with 405, Allow and the app's own words", async () => {
    for (const path of ["/app/customers", "/app", "/"]) {
      const response = await http(path, {
        method: "POST",
        body: new URLSearchParams({ intent: "x" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      const text = await response.text();

      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(text).toContain("Use GET, HEAD on this path");
      expect(text).not.toMatch(/Unexpected Server Error|did not provide an `action`|Unhandled Thrown Response/);
    }
  });

  it("answers a POST to the storefront's read-only proxy path with 405 and Allow: GET", async () => {
    const url = signedProxyUrl("/proxy/cards", { shop: uniqueShop(), customerId: uniqueCustomerId() });

    const response = await proxyFetch(url, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(errorCode(await response.text())).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers a GET to a webhook path with 405 and Allow: POST", async () => {
    const response = await http("/webhooks/app/uninstalled");

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.text()).toBe("Use POST on this path");
  });
});

describe("pages that do not exist", () => {
  it("answers an unknown path with the app's own 404, for any method the app serves", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await http("/no/such/page", { method, ...(method === "POST" ? { body: "x" } : {}) });

      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });

  it("answers Remix's old ?_data= requests with 400 (422 in the envelope on /v1), not Remix's error", async () => {
    const page = await http("/?_data=routes%2Fnope");
    const api = await http("/v1/unit-cards?_data=root");
    const apiText = await api.text();

    expect(page.status).toBe(400);
    expect(await page.text()).toBe("Bad request: unknown query parameter _data");
    expect(api.status).toBe(422);
    expect(JSON.parse(apiText)).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: "Unknown query parameter _data",
        details: [{ path: "_data", message: "Unknown query parameter" }],
      },
    });
  });
});

describe("junk in the request's framing", () => {
  it("answers a junk X-Forwarded-Host (trusted from the proxy) with 400, not a 500", async () => {
    const response = await raw(line("GET", "/robots.txt", ["X-Forwarded-Host: evil.com:99999"]));
    const api = await raw(line("GET", "/v1/openapi.json", ["X-Forwarded-Host: %ZZ"]));

    expect(response.status).toBe(400);
    expect(response.text).toBe("Bad request: the Host header is not a valid host");
    expect(api.status).toBe(422);
    expect(envelopeProblem(api.text), api.text).toBeNull();
  });

  it("serves an absolute-form target (GET http://host/path) as its path instead of failing to build a URL", async () => {
    const response = await raw(line("GET", "http://evil.example.com/v1/unit-cards"));

    expect(response.status).toBe(401);
    expect(errorCode(response.text)).toBe("UNAUTHENTICATED");
  });

  it("keeps a line break sent in /demo?to= out of the Location header (it was a 500)", async () => {
    const response = await fetch(`${demoUrl}/demo?to=${encodeURIComponent("/app\r\nSet-Cookie: x=1")}`, {
      headers: { "User-Agent": USER_AGENT },
      redirect: "manual",
    });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/app\?embedded=1&/);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a page's form post from another site with 403 (Remix's CSRF check would answer 500)", async () => {
    const response = await http("/app/settings", {
      method: "POST",
      body: "intent=create",
      headers: { Origin: "https://evil.example.com", "Content-Type": "application/x-www-form-urlencoded" },
    });

    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Forbidden: a form post from another site");
  });

  it("answers a body declared over 1 MiB with 413 on any path, before reading it", async () => {
    const body = "x".repeat(1024 * 1024 + 1);
    for (const path of ["/webhooks/app/uninstalled", "/auth/login", "/v1/names"]) {
      const response = await http(path, { method: "POST", body });

      expect(response.status, path).toBe(413);
    }
  });
});

describe("/auth", () => {
  it("serves /auth/login through the library's login flow: a page without a shop, a redirect to Shopify with one", async () => {
    const page = await http("/auth/login");
    const redirect = await http("/auth/login?shop=fuzz-shop.myshopify.com", { redirect: "manual" });
    const posted = await http("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ shop: "fuzz-shop" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });

    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post" action="/auth/login">');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("https://admin.shopify.com/store/fuzz-shop/oauth/install?client_id=test-api-key");
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("https://admin.shopify.com/store/fuzz-shop/oauth/install?client_id=test-api-key");
  });

  it("answers /auth/login with a bogus shop, or a body that is not a form, with 400 and the page", async () => {
    const bogus = await http("/auth/login?shop=%25ZZ");
    const notForm = await http("/auth/login", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });

    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("Enter a shop domain such as example.myshopify.com.");
    expect(notForm.status).toBe(400);
    expect(await notForm.text()).toContain("Enter your shop's domain.");
  });

  it("answers an admin page or /auth whose host is not base64 with 400, not 500", async () => {
    for (const path of [
      "/app/cards?shop=fuzz-shop.myshopify.com&host=y",
      "/auth?shop=fuzz-shop.myshopify.com&embedded=1&host=y&id_token=z",
    ]) {
      const response = await http(path);

      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("Bad request: invalid shop, host or redirect target");
    }
  });

  it("answers /auth/exit-iframe with a missing or unsafe destination, and a bogus shop, with 400", async () => {
    for (const query of ["", "?exitIframe=javascript%3Aalert(1)", "?shop=a.myshopify.com%00&exitIframe=%2Fapp"]) {
      const response = await http(`/auth/exit-iframe${query}`);

      expect(response.status, query).toBe(400);
      expect(await response.text()).toBe("Bad request: invalid shop, host or redirect target");
    }
  });
});

describe("webhooks with a valid HMAC and a bogus shop header", () => {
  const topics = ["app/uninstalled", "customers/data_request", "customers/redact", "shop/redact"] as const;

  /** A delivery signed as Shopify signs it (the HMAC covers the body only), with `shopHeader` as the shop. */
  async function deliver(topic: string, shop: string, shopHeader: string, form: "X-Shopify-" | "Shopify-") {
    const body = JSON.stringify({
      shop_id: 1,
      shop_domain: shop,
      myshopify_domain: shop,
      customer: { id: 1, email: "a@example.com" },
      orders_requested: [],
      orders_to_redact: [],
      data_request: { id: 1 },
    });
    const headers = new Headers({ "Content-Type": "application/json" });
    const fields = {
      Topic: topic,
      "Shop-Domain": shopHeader,
      "Api-Version": "2026-07",
      "Webhook-Id": randomUUID(),
      "Event-Id": randomUUID(),
      "Hmac-Sha256": getHmac(body, API_SECRET),
    };
    for (const [name, value] of Object.entries(fields)) headers.set(`${form}${name}`, value);
    const response = await http(`/webhooks/${topic}`, { method: "POST", body, headers });
    return { status: response.status, text: await response.text() };
  }

  it.each(topics)(
    "%s: answers 400 for evil.com, a broken escape or two shops, in either header form, and changes nothing",
    async (topic) => {
      const shop = uniqueShop();
      await db.session.create({
        data: { id: `offline_${shop}`, shop, state: "s", isOnline: false, accessToken: "shpat_x", scope: "read_customers" },
      });
      await createCard(shop, { ...cardInput(), email: "a@example.com" });
      const before = { sessions: await db.session.count({ where: { shop } }), cards: await db.unitCard.count({ where: { shop } }) };

      for (const form of ["X-Shopify-", "Shopify-"] as const) {
        for (const bogus of ["evil.com", "%ZZ", `${shop}, other-shop.myshopify.com`]) {
          const answer = await deliver(topic, shop, bogus, form);

          expect(answer.status, `${form}Shop-Domain: ${bogus}`).toBe(400);
          expect(answer.text).toMatch(/shop-domain is not a shop domain$/);
        }
      }

      expect({ sessions: await db.session.count({ where: { shop } }), cards: await db.unitCard.count({ where: { shop } }) }).toEqual(
        before,
      );
      expect(await db.dataRequest.count({ where: { shop } })).toBe(0);
    },
  );
});
