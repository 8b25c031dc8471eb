import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./postgres";

/**
 * A throwaway PgBouncer in transaction mode (what Supabase's pooler, Heroku's
 * PgBouncer and most managed setups run) in front of a test PostgreSQL server:
 * Debian's binary (`npm test` installs the package when missing), its
 * configuration in a fresh directory under the system's temp folder, listening
 * on 127.0.0.1 and a free port, every database name passed through to the same
 * server. It runs in the foreground in a process group of its own, stopped by
 * that group. PgBouncer refuses to run as root, so as root it runs as the
 * `postgres` user.
 */
export interface TestPgBouncer {
  /** `postgresql://postgres@127.0.0.1:<port>/<database>?pgbouncer=true`: the app's URL for a database through the pooler. */
  url(database?: string): string;
  /** The pooler's port. */
  port: number;
  /** SIGTERM to its process group (PgBouncer's fast exit: clients are disconnected); resolves once it has exited. */
  halt(): Promise<void>;
  /** Starts it again with the same configuration on the same port; resolves once it listens. */
  resume(): Promise<void>;
  /** halt(), then the directory is deleted; safe to call twice. */
  stop(): Promise<void>;
  /** What it has logged since it (last) started. */
  log(): string;
}

export interface PgBouncerOptions {
  /** Most client connections it accepts (PgBouncer's `max_client_conn`; default 1000). */
  maxClientConn?: number;
  /** Server connections per database and user (`default_pool_size`; default 20). */
  poolSize?: number;
  /** Seconds a client may wait for a server connection before PgBouncer drops it (`query_wait_timeout`; PgBouncer's default 120). */
  queryWaitTimeout?: number;
}

export const pgbouncerBinary = () => process.env.PGBOUNCER_PATH ?? "/usr/sbin/pgbouncer";

const asRoot = process.getuid?.() === 0;

/** `postgres`'s uid and gid, to run PgBouncer as that user when we are root. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPgBouncer(server: { host: string; port: number }, options: PgBouncerOptions = {}): Promise<TestPgBouncer> {
  const binary = pgbouncerBinary();
  if (!existsSync(binary))
    throw new Error(`PgBouncer is not installed at ${binary}: apt-get install pgbouncer (npm test does it when it runs as root)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-pgbouncer-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const users = path.join(dir, "userlist.txt");
  // The test server trusts every local connection; PgBouncer's trust still wants the user listed.
  writeFileSync(users, '"postgres" ""\n', { mode: 0o644 });
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${server.host} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${users}`,
      "pool_mode = transaction",
      `max_client_conn = ${options.maxClientConn ?? 1000}`,
      `default_pool_size = ${options.poolSize ?? 20}`,
      `query_wait_timeout = ${options.queryWaitTimeout ?? 120}`,
      // A failed login to PostgreSQL is retried after 1 s, not 15: a test waits for the recovery.
      "server_login_retry = 1",
      "log_connections = 0",
      "log_disconnections = 0",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );

  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let output = "";
  const start = () =>
    new Promise<void>((resolve, reject) => {
      output = "";
      const started = spawn(binary, [ini], {
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
        ...(asRoot ? postgresUser() : {}),
      });
      child = started;
      exited = once(started, "exit");
      const read = (chunk: Buffer) => {
        output += chunk;
        if (/process up/.test(output)) resolve();
      };
      started.stdout!.on("data", read);
      started.stderr!.on("data", read);
      started.once("exit", (code) => reject(new Error(`PgBouncer exited (${code}) before it was up:\n${output}`)));
    });
  const halt = async () => {
    const running = child;
    if (!running) return;
    child = undefined;
    if (running.exitCode !== null || running.signalCode !== null) return signalGroup(running, "SIGKILL");
    signalGroup(running, "SIGTERM");
    const escalate = setTimeout(() => signalGroup(running, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(escalate);
    signalGroup(running, "SIGKILL");
  };
  const stop = async () => {
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}?pgbouncer=true`,
    port,
    halt,
    resume: start,
    stop,
    log: () => output,
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}
