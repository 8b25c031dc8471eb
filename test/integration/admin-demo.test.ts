import { describe, expect, it } from "vitest";
import { adminHost } from "~/faces/demo/session-token.server";
import { DEMO_CUSTOMERS, DEMO_SHOP_DOMAIN } from "../../stubs/admin-api/demo-data";
import { API_KEY, baseUrl, demoUrl, getPage, getRaw, submitFetcher, tokenClaims } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueName } from "../support/fixtures";

// The demo harness: /demo opens the admin as Shopify would, and none of it exists outside demo mode.

// Anna Schmidt: an e-mail, a phone and one order in the stub's catalogue.
const customer = DEMO_CUSTOMERS[0]!;
const customerPath = `/app/customers/${customer.id}`;

describe("demo harness", () => {
  it("does not exist in production (no DEMO_MODE)", async () => {
    for (const path of ["/demo", "/demo/session-token", "/demo/app-bridge.js", "/demo?to=/app/customers"]) {
      expect((await getRaw(`${baseUrl}${path}`)).status, path).toBe(404);
    }
    const page = await getPage("/app", uniqueShop());
    expect(page.body).toContain('src="https://cdn.shopify.com/shopifycloud/app-bridge.js"');
    expect(page.body).not.toContain("/demo/app-bridge.js");
  });

  it("/demo opens the embedded admin for the demo shop with a token the app accepts", async () => {
    const entry = await getRaw(`${demoUrl}/demo`);

    expect(entry.status).toBe(302);
    const target = new URL(entry.location!, demoUrl);
    expect(target.pathname).toBe("/app");
    expect(target.searchParams.get("embedded")).toBe("1");
    expect(target.searchParams.get("shop")).toBe(DEMO_SHOP_DOMAIN);
    expect(target.searchParams.get("host")).toBe(adminHost(DEMO_SHOP_DOMAIN));
    expect(tokenClaims(target.searchParams.get("id_token")!)).toMatchObject({ dest: `https://${DEMO_SHOP_DOMAIN}`, aud: API_KEY });

    const home = await getRaw(`${demoUrl}${target.pathname}${target.search}`);

    expect(home.status).toBe(200);
    expect(home.text).toContain("Twin Cards");
    expect(home.text).toContain("Cards waiting to be claimed");
    expect(home.body).toContain('src="/demo/app-bridge.js"');
  });

  it("/demo?to= opens an admin page, and only an admin page", async () => {
    const customers = await getRaw(`${demoUrl}/demo?to=${encodeURIComponent("/app/customers")}`);
    const elsewhere = await getRaw(`${demoUrl}/demo?to=${encodeURIComponent("https://evil.example.com/app")}`);

    expect(new URL(customers.location!, demoUrl).pathname).toBe("/app/customers");
    expect(new URL(elsewhere.location!, demoUrl).origin).toBe(new URL(demoUrl).origin);
    expect(new URL(elsewhere.location!, demoUrl).pathname).toBe("/app");

    const target = new URL(customers.location!, demoUrl);
    const page = await getRaw(target.href);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Anna Schmidt");
  });

  it("/demo/session-token hands out a fresh token for the demo shop that works as a Bearer token", async () => {
    const response = await getRaw(`${demoUrl}/demo/session-token`);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { token } = JSON.parse(response.body) as { token: string };
    expect(tokenClaims(token)).toMatchObject({
      iss: `https://${DEMO_SHOP_DOMAIN}/admin`,
      dest: `https://${DEMO_SHOP_DOMAIN}`,
      aud: API_KEY,
    });

    // Read-only on purpose: the browser tests work in the demo shop.
    const unknown = uniqueName("demo");
    const action = await submitFetcher(
      customerPath,
      DEMO_SHOP_DOMAIN,
      { intent: "validate-name", name: unknown },
      { token, base: demoUrl },
    );
    expect(action.status).toBe(200);
    expect(action.result?.ok === false && action.result.fieldErrors.name).toContain(`No universal name “${unknown}” is registered`);
    const settings = await getPage("/app/settings", DEMO_SHOP_DOMAIN, { token, base: demoUrl });
    expect(settings.status).toBe(200);
    expect(settings.text).toContain("API keys");
  });

  it("/demo/app-bridge.js serves the local App Bridge script", async () => {
    const response = await getRaw(`${demoUrl}/demo/app-bridge.js`);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.body).toContain("/demo/session-token");
    expect(response.body).toContain("toast");
  });
});
