import { serverConfig } from "~/wiring/config.server";

// The demo's App Bridge stand-in (app-bridge-stub.js) emulates Shopify's resource
// picker: its dialog searches the stub shop's catalogue here, which the Admin API
// stub answers in the shape App Bridge's `resourcePicker` resolves to.

const TYPES = ["product", "variant", "collection"] as const;

/** The stub shop's products, variants or collections matching `query`, or a 400 for another type. */
export async function demoPickerResources(shop: string, url: URL): Promise<Response> {
  const type = TYPES.find((candidate) => candidate === url.searchParams.get("type"));
  if (!type) return Response.json({ error: "type must be product, variant or collection" }, { status: 400 });
  const stub = serverConfig().SHOPIFY_ADMIN_API_STUB_URL;
  if (!stub) return Response.json({ error: "The demo runs without the Admin API stub" }, { status: 503 });
  const search = new URLSearchParams({ type, shop, query: (url.searchParams.get("query") ?? "").slice(0, 100) });
  const response = await fetch(`${stub.replace(/\/$/, "")}/_stub/resource-picker?${search}`);
  return Response.json(await response.json(), { status: response.status });
}
