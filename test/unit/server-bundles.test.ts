import { describe, expect, it } from "vitest";
import { bundleOfRequest, bundleOfRoute } from "../../server/server-bundles";

describe("which server bundle answers", () => {
  it("sends /v1 and /healthz to the API's bundle, in any case and with a trailing slash", () => {
    for (const path of [
      "/v1",
      "/v1/",
      "/v1/unit-cards",
      "/V1/Validate-Name",
      "/healthz",
      "/healthz/",
      "/healthz.data",
      "/v1/unit-cards.data",
    ]) {
      expect(bundleOfRequest(path), path).toBe("api");
    }
  });

  it("sends every other path, even one that only starts like the API's, to the pages' bundle", () => {
    for (const path of [
      "/",
      "/app",
      "/app/cards",
      "/apps/twincards/redeem",
      "/auth/login",
      "/webhooks",
      "/v10",
      "/v1x/unit-cards",
      "/healthzz",
    ]) {
      expect(bundleOfRequest(path), path).toBe("app");
    }
  });

  it("puts a route in the API's bundle when its branch has an API path, and the root alone in the pages'", () => {
    expect(bundleOfRoute([{ path: undefined }, { path: "v1/unit-cards/:id" }])).toBe("api");
    expect(bundleOfRoute([{ path: undefined }, { path: "healthz" }])).toBe("api");
    expect(bundleOfRoute([{ path: undefined }, { path: "app" }, { path: "cards" }])).toBe("app");
    expect(bundleOfRoute([{ path: undefined }])).toBe("app");
  });
});
