import type pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresDirectSql } from "~/db/direct-sql.server";

/** A pool that records what each direct statement asks node-postgres for. */
function recordingPool() {
  const sent: pg.QueryConfig[] = [];
  const pool = { query: async (config: pg.QueryConfig) => (sent.push(config), { rows: [{ one: 1 }] }) } as unknown as pg.Pool;
  return { pool, sent };
}

describe("direct statements on PostgreSQL", () => {
  it("are named prepared statements by default, one name per SQL text (the fast path)", async () => {
    const { pool, sent } = recordingPool();
    const direct = postgresDirectSql(pool);
    await direct.query("SELECT $1::int AS one", [1]);
    await direct.query("SELECT $1::int AS one", [2]);
    await direct.query("SELECT 2 AS two", []);
    expect(sent.map((config) => config.name)).toEqual([
      expect.stringMatching(/^twin_cards_[0-9a-f]{20}$/),
      sent[0]!.name,
      expect.stringMatching(/^twin_cards_[0-9a-f]{20}$/),
    ]);
    expect(sent[2]!.name).not.toBe(sent[0]!.name);
  });

  it("are unnamed behind a transaction-mode pooler: nothing is left on a server connection for the next transaction", async () => {
    const { pool, sent } = recordingPool();
    const direct = postgresDirectSql(pool, { named: false });
    expect(await direct.query("SELECT $1::int AS one", [1])).toEqual([{ one: 1 }]);
    expect(sent).toEqual([{ text: "SELECT $1::int AS one", values: [1], types: expect.any(Object) }]);
    expect(sent[0]).not.toHaveProperty("name");
  });
});
