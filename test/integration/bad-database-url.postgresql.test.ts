import { execFile } from "node:child_process";
import net from "node:net";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "../support/test-env";

// An operator's wrong DATABASE_URL: every entry point stops at once with one line naming it, never the password.
const COMMANDS = [["start"], ["run", "worker"], ["run", "api-key:create", "--", "--shop", "bad-url.myshopify.com"], ["run", "db:migrate"]];

async function run(args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["-s", ...args], {
      env: { ...process.env, ...TEST_ENV, DATABASE_URL: databaseUrl, PORT: "0" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** npm's own warnings aside, what the command said on stderr. */
const ownLines = (stderr: string) => stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));

describe("a PostgreSQL DATABASE_URL that cannot be used", () => {
  it("stops npm start, the worker, api-key:create and db:migrate with one line naming DATABASE_URL, password hidden, when nothing answers", async () => {
    const port = await closedPort();
    const url = `postgresql://twin:hunter2@127.0.0.1:${port}/twin_cards`;

    const results = await Promise.all(COMMANDS.map((args) => run(args, url)));

    for (const [index, result] of results.entries()) {
      expect({ command: COMMANDS[index]!.join(" "), code: result.code, stderr: ownLines(result.stderr) }).toEqual({
        command: COMMANDS[index]!.join(" "),
        code: 1,
        stderr: [
          `Cannot use the database at DATABASE_URL=postgresql://twin:***@127.0.0.1:${port}/twin_cards: connect ECONNREFUSED 127.0.0.1:${port}`,
        ],
      });
      expect(result.stdout + result.stderr).not.toContain("hunter2");
    }
  }, 60_000);

  it("says so for a database the server does not have", async () => {
    const server = new URL(process.env.DATABASE_URL!);
    const url = `postgresql://postgres:hunter2@${server.host}/no_such_database`;

    const result = await run(["start"], url);

    expect(result.code).toBe(1);
    expect(ownLines(result.stderr)).toEqual([
      `Cannot use the database at DATABASE_URL=postgresql://postgres:***@${server.host}/no_such_database: database "no_such_database" does not exist`,
    ]);
  });

  it("refuses a URL of another database, naming the two it takes", async () => {
    const result = await run(["run", "db:migrate"], "mysql://root:hunter2@127.0.0.1/twin_cards");

    expect(result.code).toBe(1);
    expect(ownLines(result.stderr)).toEqual([
      "DATABASE_URL must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL (postgresql://user:password@host:5432/db), not mysql://root:***@127.0.0.1/twin_cards",
    ]);
  });
});
