// What the startup bench asks of a started server before reading its memory: the
// benchmark's /v1 load, and one embedded admin page as Shopify admin opens it.
import { adminHost, sessionToken } from "~/faces/demo/session-token.server";
import { cardInput } from "../../test/support/fixtures";
import { USER_AGENT } from "../../test/support/user-agent";
import { load, type LoadResult } from "./api-load";
import type { StartedServer } from "./server-start";

/** What a request answered that the load did not expect (an error, a 429), for the part's summary line. */
export const unexpected: string[] = [];

function expectStatuses(what: string, result: LoadResult, ok: RegExp) {
  for (const code of Object.keys(result.statuses)) if (!ok.test(code)) unexpected.push(`${what}: ${code}`);
  if (result.errors) unexpected.push(`${what}: ${result.errors} connection errors`);
}

/**
 * The /v1 load: validate-name and create-card (by redemption to an e-mail, so each queues a claim
 * message) for `seconds` each, a second of lists, and a batch of 500, with `keys` in turn.
 */
export async function v1Load(server: StartedServer, keys: string[], seconds: number) {
  const bearer = (i: number) => ({ authorization: `Bearer ${keys[i % keys.length]}` });
  const base = { url: server.url, seconds, pid: server.pid };
  const validate = await load({ ...base, path: "/v1/validate-name?name=bench-startup", request: (i) => ({ headers: bearer(i) }) });
  expectStatuses("validate-name", validate, /^200$/);
  const created = await load({
    ...base,
    method: "POST",
    path: "/v1/unit-cards",
    request: (i) => ({
      headers: { ...bearer(i), "content-type": "application/json" },
      body: JSON.stringify({ ...cardInput(`Startup card ${i}`), email: `buyer${i}@example.com` }),
    }),
  });
  expectStatuses("create-card", created, /^201$/);
  const listed = await load({ ...base, seconds: 1, path: "/v1/unit-cards?limit=100", request: (i) => ({ headers: bearer(i) }) });
  expectStatuses("list", listed, /^200$/);
  const batch = await fetch(`${server.url}/v1/unit-cards/_actions/batch`, {
    method: "POST",
    headers: { ...bearer(0), "content-type": "application/json" },
    body: JSON.stringify({
      redemption: { email: "batch@example.com" },
      cards: Array.from({ length: 500 }, (_, i) => cardInput(`Startup batch ${i}`)),
    }),
  });
  if (batch.status !== 201) unexpected.push(`batch: ${batch.status}`);
  await batch.arrayBuffer();
}

/** One embedded admin page (the home) for `shop`: a fresh session token; the server's Admin API calls go to its stub. */
export async function adminPage(server: StartedServer, app: { shop: string; apiKey: string; apiSecret: string }) {
  const params = new URLSearchParams({
    embedded: "1",
    shop: app.shop,
    host: adminHost(app.shop),
    id_token: sessionToken({ shop: app.shop, apiKey: app.apiKey, apiSecret: app.apiSecret }),
  });
  const response = await fetch(`${server.url}/app?${params}`, { headers: { "User-Agent": USER_AGENT }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200 || !html.includes("<html")) unexpected.push(`admin page: ${response.status}`);
}
