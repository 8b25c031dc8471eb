import { describe, expect, it } from "vitest";
import { baseUrl, demoUrl, getRaw } from "../support/admin";

// A merchant reloads, bookmarks and types admin URLs: none of that may end in an error page.
const ADMIN_PAGES = [
  "/app",
  "/app/customers",
  "/app/cards",
  "/app/cards?status=OWNED",
  "/app/cards/new",
  "/app/twins",
  "/app/automation",
  "/app/automation/new",
  "/app/notifications",
  "/app/settings",
];

describe("admin pages opened without Shopify's parameters", () => {
  it("in the demo, reopen through /demo and land on the same page with a fresh session token", async () => {
    for (const path of ADMIN_PAGES) {
      const reload = await getRaw(`${demoUrl}${path}`);
      expect(reload.status, path).toBe(302);
      expect(reload.location, path).toBe(`/demo?to=${encodeURIComponent(path)}`);

      const entry = await getRaw(`${demoUrl}${reload.location}`);
      const target = new URL(entry.location!, demoUrl);
      expect(target.searchParams.get("id_token"), path).toBeTruthy();
      const withoutShopify = new URL(target);
      for (const name of ["embedded", "shop", "host", "id_token"]) withoutShopify.searchParams.delete(name);
      expect(withoutShopify.pathname + withoutShopify.search, path).toBe(path);

      const page = await getRaw(target.href);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toMatch(/Unexpected Server Error|Application Error|Something went wrong/);
    }
  });

  it("on a production server, lead to the log-in page instead of an error", async () => {
    for (const path of ["/app", "/app/cards", "/app/settings"]) {
      const direct = await getRaw(`${baseUrl}${path}`);
      expect(direct.status, path).toBe(302);
      expect(new URL(direct.location!, baseUrl).pathname, path).toBe("/auth/login");

      const login = await getRaw(new URL(direct.location!, baseUrl).href);
      expect(login.status, path).toBe(200);
      expect(login.text, path).toContain("Log in to Twin Cards");
    }
  });
});
