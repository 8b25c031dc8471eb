import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueShop } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { migratePostgresDatabase } from "../support/global-setup-postgres";
import { startPgBouncer, type TestPgBouncer } from "../support/pgbouncer";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { apiKeyIn, type AppProcess } from "../support/processes";
import { Fleet } from "../support/replicas";
import { USER_AGENT } from "../support/user-agent";

// A pooler that goes away or says no (issue 26, item 6): a server of this file's own behind a
// PgBouncer of its own (transaction mode, ?pgbouncer=true, at most 4 clients, 2 s to wait for a
// server connection) in front of a PostgreSQL server of its own, so stopping either disturbs no
// other test. Whatever the pooler does, a request answers 2xx or 503 UNAVAILABLE with
// Retry-After, never 500, and the server recovers by itself.

let postgres: TestPostgres;
let pooler: TestPgBouncer;
let fleet: Fleet;
let server: AppProcess;
let key: string;
let name: string;
let serverExited = false;
let direct: pg.Client;

/** A query on PostgreSQL itself, bypassing the pooler (to watch and count). */
const sql = async (text: string) => (await direct.query(text)).rows as Record<string, unknown>[];

beforeAll(async () => {
  postgres = await startPostgres();
  const directUrl = await postgres.createDatabase("pooler_outage");
  await migratePostgresDatabase(directUrl);
  direct = new pg.Client({ connectionString: directUrl });
  direct.on("error", () => undefined);
  await direct.connect();
  const { hostname, port } = new URL(directUrl);
  pooler = await startPgBouncer({ host: hostname, port: Number(port) }, { maxClientConn: 4, queryWaitTimeout: 2 });
  key = await apiKeyIn(directUrl, uniqueShop());
  fleet = new Fleet({ DATABASE_URL: pooler.url("pooler_outage") });
  server = (await fleet.startServers(1))[0]!;
  void server.exited.then(() => (serverExited = true));
  name = uniqueName("outage");
  expect((await send("POST", "/v1/names", { name, publicKey: walletKey(), owner: "shopify|26" })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await direct?.end().catch(() => undefined);
  await fleet?.stopAll();
  await pooler?.stop();
  await postgres?.stop();
});

interface Reply {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive): the test blocks its event loop while it
 * stops and starts servers, and a kept-alive socket the server closed meanwhile would fail the
 * next request on the client side, not the server's.
 */
function send(method: string, path: string, body?: unknown): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      fleet.servers[0] + path,
      {
        method,
        agent: false,
        headers: {
          Authorization: `Bearer ${key}`,
          "User-Agent": USER_AGENT,
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, retryAfter: response.headers["retry-after"] as string | undefined, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const validate = () => send("GET", `/v1/validate-name?name=${name}`);
const createCard = (label: string) => send("POST", "/v1/unit-cards", { ...cardInput(label), email: "jane@example.com" });

function expectUnavailable(reply: Reply) {
  expect(reply.status, reply.body).toBe(503);
  expect(JSON.parse(reply.body)).toEqual({ error: { code: "UNAVAILABLE", message: expect.any(String), details: [] } });
  expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);
}

/** The server is serving again through the pooler: validate-name answers 200 (polled, never slept on). */
const servingAgain = () => expect.poll(async () => (await validate()).status, { timeout: 30_000, interval: 200 }).toBe(200);

/** Connects clients to the pooler until it refuses one (max_client_conn); returns those it took. */
async function holdFreeClientSlots(): Promise<pg.Client[]> {
  const held: pg.Client[] = [];
  for (;;) {
    const client = new pg.Client({ connectionString: pooler.url("pooler_outage") });
    client.on("error", () => undefined);
    try {
      await client.connect();
      held.push(client);
    } catch {
      return held;
    }
  }
}

describe("behind a transaction-mode pooler that goes away or refuses", () => {
  it("answers 503 UNAVAILABLE with Retry-After to the requests a full pooler refuses (max_client_conn), 2xx to the rest", async () => {
    // PgBouncer takes 4 clients: the slots the server does not hold are taken here first, so whether the
    // pooler refuses does not hang on how many of the 30 requests the server happens to run at once on a
    // busy machine (once, none overlapped more than the connections it had). Any connection its pool then
    // opens for them (up to 10) is refused.
    const held = await holdFreeClientSlots();
    const replies = await Promise.all(Array.from({ length: 30 }, () => validate())).finally(() =>
      Promise.all(held.map((client) => client.end().catch(() => undefined))),
    );

    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    refused.forEach(expectUnavailable);
    expect(pooler.log()).toContain("no more connections allowed (max_client_conn)");
  });

  it("answers 503 UNAVAILABLE with Retry-After while the pooler is stopped, never 500, and serves again once it is back", async () => {
    expect((await validate()).status).toBe(200);
    expect((await createCard("Before the pooler stops")).status).toBe(201);

    // Batches in flight when it stops (fewer than the pooler's 4 clients): each ends whole (201) or absent (503).
    const tag = `In flight ${Date.now()}`;
    const inFlight = Array.from({ length: 3 }, (_, i) =>
      send("POST", "/v1/unit-cards/_actions/batch", {
        redemption: { email: "jane@example.com" },
        cards: Array.from({ length: 200 }, (_, j) => cardInput(`${tag} ${i} #${j}`)),
      }),
    );
    await expect
      .poll(
        () =>
          sql("SELECT 1 FROM pg_stat_activity WHERE state <> 'idle' AND query LIKE 'INSERT INTO \"UnitCard\"%'").then(
            (rows) => rows.length,
          ),
        {
          timeout: 20_000,
          interval: 5,
        },
      )
      .toBeGreaterThan(0);
    await pooler.halt();
    for (const [i, reply] of (await Promise.all(inFlight)).entries()) {
      expect([201, 503], reply.body.slice(0, 200)).toContain(reply.status);
      if (reply.status === 503) expectUnavailable(reply);
      const [{ written } = {}] = await sql(`SELECT count(*)::int AS written FROM "UnitCard" WHERE name LIKE '${tag} ${i} #%'`);
      expect(written, `batch ${i} answered ${reply.status}`).toBe(reply.status === 201 ? 200 : 0);
    }

    expectUnavailable(await validate());
    expectUnavailable(await createCard("While the pooler is stopped"));
    expectUnavailable(await send("GET", "/v1/unit-cards"));
    const health = await send("GET", "/healthz");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "unavailable", checks: { database: "unavailable" } });

    await pooler.resume();

    await servingAgain();
    expect((await createCard("After the pooler is back")).status).toBe(201);
    expect((await send("GET", "/healthz")).status).toBe(200);
  });

  it("answers 503 UNAVAILABLE with Retry-After while PostgreSQL is down behind a running pooler (its 08P01 refusals), and serves again once it is back", async () => {
    expect((await validate()).status).toBe(200);

    postgres.halt();

    // PgBouncer accepts the client, cannot log in to PostgreSQL, and says so with its own SQLSTATE 08P01:
    // query_wait_timeout, then "server login has been failing, try again later (server_login_retry)".
    for (const reply of [await validate(), await createCard("While PostgreSQL is down"), await validate()]) expectUnavailable(reply);
    expect(pooler.log()).toMatch(/pooler error: (query_wait_timeout|server login has been failing)/);

    postgres.resume();

    await servingAgain();
    expect((await createCard("After PostgreSQL is back")).status).toBe(201);
  });

  it("never answered 500 nor exited meanwhile", () => {
    expect(serverExited).toBe(false);
    expect(server.stderr()).not.toContain("Unhandled error");
  });
});
