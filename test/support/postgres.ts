import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A throwaway PostgreSQL server: Debian's binaries (`/usr/lib/postgresql/<n>/bin`,
 * `npm test` installs the package when missing), a fresh data directory under
 * the system's temp folder, listening on 127.0.0.1 and a free port. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user (runuser).
 */
export interface TestPostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  /** A new database, empty or a copy of `template` (a database nobody is connected to); resolves with its URL. */
  createDatabase(name: string, options?: { template?: string }): Promise<string>;
  /** `pg_ctl stop -m fast`, then the data directory is deleted; safe to call twice. */
  stop(): Promise<void>;
  /** The server goes away (`pg_ctl stop -m fast`: sessions ended, transactions rolled back), its data kept. */
  halt(): void;
  /** Starts the halted server again, on the same port with the same data. */
  resume(): void;
  /**
   * `pg_ctl restart -m fast`: what a failover or maintenance does to a running server (sessions ended, back in about a second).
   * Resolves when the server is back; this process goes on meanwhile (a load it sends keeps meeting the outage).
   */
  restart(): Promise<void>;
}

export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error("PostgreSQL's server is not installed: apt-get install postgresql (npm test does it when it runs as root)");
  return path.join(root, version, "bin");
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function pgCommand(bin: string, program: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
}

function pgRun(bin: string, program: string, args: string[]) {
  execFileSync(...pgCommand(bin, program, args), { stdio: "pipe" });
}

/** pgRun without blocking this process: requests this process sends keep going while it runs. */
const pgRunInBackground = (bin: string, program: string, args: string[]) =>
  new Promise<void>((resolve, reject) => execFile(...pgCommand(bin, program, args), (error) => (error ? reject(error) : resolve())));

/** A port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  chmodSync(dir, 0o700);
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      try {
        pgRun(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {
        // Not running any more.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgRun(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    const port = await freePort();
    // fsync off: a test server's data dies with it; speed matters more than durability.
    const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    const start = () => pgRun(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
    started = true;
    start();
    const url = (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`;
    return {
      url,
      async createDatabase(name, { template } = {}) {
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      stop,
      halt: () => pgRun(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
      resume: start,
      restart: () =>
        pgRunInBackground(bin, "pg_ctl", [
          "-D",
          data,
          "-m",
          "fast",
          "-o",
          options,
          "-l",
          path.join(dir, "log"),
          "-w",
          "-t",
          "60",
          "restart",
        ]),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
