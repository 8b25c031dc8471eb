import { afterAll, describe, expect, it } from "vitest";
import { migratedDatabase, startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// The built server loads the API's bundle at start and the pages' on the first page request (decision 0042).
const database = migratedDatabase("server-bundles");
let server: AppProcess | undefined;
afterAll(async () => {
  await server?.stop();
  database.remove();
});

const PAGES_LOADED = /Pages loaded in \d+ ms/g;
const pagesLoads = () => server!.stdout().match(PAGES_LOADED)?.length ?? 0;

describe("the server's two bundles", () => {
  it("answers the API without loading the pages, then loads them once, on the first page request", async () => {
    server = await startServer({ ...TEST_ENV, DATABASE_URL: database.url, NOTIFY_DISPATCHER: "off", CHAIN_WORKER: "off" });

    const api = await Promise.all(
      ["/healthz", "/v1/openapi.json", "/v1/unit-cards", "/v1/no-such-thing"].map((p) => fetch(server!.url + p)),
    );
    expect(api.map((response) => response.status)).toEqual([200, 200, 401, 404]);
    expect((await api[3]!.json()) as unknown).toMatchObject({ error: { code: "NOT_FOUND" } });
    // A path Remix resolves to the API's (`/%2e%2e/v1/…` is `/v1/…` to it) is the API's too.
    const dotted = await fetch(`${server.url}/%2e%2e/v1/unit-cards`);
    expect(dotted.status).toBe(401);
    expect((await dotted.json()) as unknown).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    expect(pagesLoads()).toBe(0);

    const [login, again] = await Promise.all([fetch(`${server.url}/auth/login`), fetch(`${server.url}/auth/login`)]);
    expect([login.status, again.status]).toEqual([200, 200]);
    expect(await login.text()).toContain("<html");
    expect(pagesLoads()).toBe(1);

    const notFound = await fetch(`${server.url}/no-such-page`);
    expect(notFound.status).toBe(404);
    expect(pagesLoads()).toBe(1);
  });
});
