// The built server in demo mode, as `npm run demo` runs it, for the browser
// benches: a fresh migrated SQLite file, the Admin API stub and the server on
// free ports, and a few cards so the Cards list and the customer page are not
// empty. stop() stops the server's process group and the stub, and deletes the file.
import { existsSync } from "node:fs";
import { buildDemoData } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub } from "../../stubs/admin-api/server";
import { apiKeyIn, migratedDatabase, startServer } from "../../test/support/processes";
import { DEMO_SHOP } from "../demo-env";

export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const WALLET = "3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe";
const SEEDED_CARDS = 30;

export const DEMO_API_SECRET = "demo-api-secret";

export interface DemoServer {
  url: string;
  /** The customer listed first in the admin (the stub lists customers by name). */
  firstCustomerId: string;
  /** The storefront path of a seeded card's public verification page (/apps/twincards/v/<token>). */
  verifyPath: string;
  /** The URL the demo's /demo?to=<path> sends the browser to: the admin page with a fresh session token. */
  embeddedUrl(path: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startDemoServer(): Promise<DemoServer> {
  if (!existsSync("build/server/api/index.js")) throw new Error("No build found: run `npm run build` first.");
  const database = migratedDatabase("bench");
  const stub = await startAdminApiStub({ port: 0 });
  const stopStub = async () => {
    await stub.close();
    database.remove();
  };
  let server;
  try {
    server = await startServer({
      // Only what the demo sets: nothing inherited from the shell may turn on chain issuing or a real dispatcher.
      SOLANA_RPC_URL: "",
      ISSUER_SECRET_KEY: "",
      SHOPIFY_API_KEY: "demo-api-key",
      SHOPIFY_API_SECRET: DEMO_API_SECRET,
      SHOPIFY_APP_URL: "http://127.0.0.1",
      SCOPES: "read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy",
      DEMO_MODE: "1",
      NOTIFY_DISPATCHER: "off",
      DATABASE_URL: database.url,
      SHOPIFY_ADMIN_API_STUB_URL: stub.url,
    });
  } catch (error) {
    await stopStub();
    throw error;
  }
  const running = server;
  const stop = async () => {
    await running.stop();
    await stopStub();
  };
  try {
    const { customers, products } = buildDemoData(stub.url);
    const first = [...customers].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    const seeded = await seedCards(
      running.url,
      await apiKeyIn(database.url, DEMO_SHOP),
      first.id,
      products.map((product) => product.images[0]!),
    );
    return {
      url: running.url,
      firstCustomerId: first.id,
      verifyPath: new URL(seeded[0]!.verifyUrl).pathname,
      embeddedUrl: (path) => embeddedUrl(running.url, path),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Cards owned by the customer, with the shop's product pictures, created through the /v1 API. */
async function seedCards(baseUrl: string, key: string, customerId: string, images: string[]): Promise<{ verifyUrl: string }[]> {
  const cards = Array.from({ length: SEEDED_CARDS }, (_, i) => ({
    name: `Bench card #${i + 1}`,
    media: { imageUrls: [images[i % images.length]!], videoUrls: [] },
    metadata: [{ key: "tier", value: i % 3 ? "silver" : "gold" }],
  }));
  const response = await fetch(`${baseUrl}/v1/unit-cards/_actions/batch`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "User-Agent": BROWSER_USER_AGENT },
    body: JSON.stringify({ owner: `shopify|${customerId}`, publicKey: WALLET, cards }),
  });
  if (response.status !== 201) throw new Error(`Seeding cards failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { verifyUrl: string }[] }).data;
}

async function embeddedUrl(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}/demo?to=${encodeURIComponent(path)}`, {
    headers: { "User-Agent": BROWSER_USER_AGENT },
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`/demo?to=${path} answered ${response.status}, not a redirect`);
  return new URL(location, baseUrl).href;
}
