import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { once } from "node:events";
import { copyFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createPrismaClient } from "~/db/prisma-client.server";
import { NODE_START_ENV, NODE_START_FLAGS } from "../../scripts/node-start-command";

/**
 * A process the tests started (the built server, `npm run worker`), in a
 * process group of its own: tsx runs the script in a child, and stopping the
 * group stops both, also when a test fails.
 */
export interface AppProcess {
  /** `http://127.0.0.1:<port>` for a server; empty for a worker. */
  url: string;
  /** The process's id, also its process group's. */
  pid: number;
  /** SIGTERM to the group, SIGKILL if it is still there after 10 s; resolves with the exit code once it has exited. */
  stop(): Promise<number | null>;
  /** SIGKILL to the group at once, as a crash would; resolves once it has exited. */
  kill(): Promise<number | null>;
  /** Sends `signal` to the group and returns at once (stop() and kill() still wait). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has exited, however that came about. */
  exited: Promise<number | null>;
  /** What it wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** What it wrote to stdout so far. */
  stdout(): string;
}

/**
 * A new SQLite file with every migration applied, and how to delete it with its WAL files: in a
 * test, a copy of the file the run migrated once; in `npm run bench` (no test run), migrated here.
 */
export function migratedDatabase(label: string): { url: string; remove: () => void } {
  const file = path.join(os.tmpdir(), `twin-cards-${label}-${process.pid}-${randomUUID().slice(0, 8)}.sqlite`);
  if (process.env.VITEST) copyFileSync(inject("migratedSqliteFile"), file);
  else migrateSqliteFile(file);
  return { url: `file:${file}`, remove: () => removeDatabase(file) };
}

/** Applies every migration to the SQLite file at `file` (made if missing), as `npm run db:migrate` does. */
export function migrateSqliteFile(file: string) {
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "pipe", env: { ...process.env, DATABASE_URL: `file:${file}` } });
}

/** A client on another database than the suite's shared one, through the app's own adapter. */
export const clientFor = (url: string) => createPrismaClient(url);

/** A new API key for `shop` in the database at `url`, made with the project's CLI (`npm run -s api-key:create`). */
const runFile = promisify(execFile);

// Asynchronously: a test blocked for the seconds tsx takes to start would not see the servers close
// their idle keep-alive connections meanwhile, and its next request would meet a closed socket.
export const apiKeyIn = async (url: string, shop: string): Promise<string> =>
  (
    await runFile("node_modules/.bin/tsx", ["scripts/api-key-create.ts", "--shop", shop], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    })
  ).stdout.trim();

/** SQLite's own check of the whole file: "ok" when nothing is damaged. */
export async function integrityCheck(client: ReturnType<typeof clientFor>): Promise<string> {
  const rows = await client.$queryRawUnsafe<{ integrity_check: string }[]>("PRAGMA integrity_check");
  return rows.map((row) => row.integrity_check).join("\n");
}

export function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}

/** Starts the built server (`server.ts` compiled by `npm run build`, as `npm start` runs it) on a free port; resolves when it listens. */
export const startServer = (env: Record<string, string>) =>
  startProcess(
    [...NODE_START_FLAGS, "build/node/server.js"],
    { ...NODE_START_ENV, PORT: "0", HOST: "127.0.0.1", ...env },
    /listening on (http:\/\/\S+)/,
  );

/** Starts `npm run worker`'s compiled script; resolves when it has started. */
export const startWorker = (env: Record<string, string>) =>
  startProcess([...NODE_START_FLAGS, "build/node/scripts/worker.js"], { ...NODE_START_ENV, ...env }, /worker started()/);

/** Starts any script with node (and tsx) in a process group of its own; resolves with `ready`'s first group once stdout matches it. */
export const startScript = (script: string, env: Record<string, string>, ready: RegExp) =>
  startProcess(["--import", "tsx", script], env, ready);

/** Starts a JavaScript module with node alone (no tsx, so its imports resolve as an integrator's would); resolves once stdout matches `ready`. */
export const startModule = (file: string, env: Record<string, string>, ready: RegExp) => startProcess([file], env, ready);

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<AppProcess> {
  const script = args.at(-1)!;
  // One process, as `npm start` runs it: node itself, not tsx's CLI relaying signals to a child
  // (under load its 30 ms relay window can expire, and it then SIGKILLs the server mid-shutdown).
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const exited = once(child, "exit");
  let stderr = "";
  let stdout = "";
  const handle = (url: string): AppProcess => ({
    url,
    pid: child.pid!,
    stop: () => stopGroup(child, exited, "SIGTERM"),
    kill: () => stopGroup(child, exited, "SIGKILL"),
    signal: (signal) => signalGroup(child, signal),
    exited: exited.then(([code]) => code as number | null),
    stderr: () => stderr,
    stdout: () => stdout,
  });
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise<AppProcess>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk;
      const match = ready.exec(chunk.toString());
      if (match) resolve(handle(match[1] ?? ""));
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before it was ready:\n${stderr}`)));
  });
}

async function stopGroup(child: ChildProcess, exited: Promise<unknown[]>, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, "SIGKILL");
    return child.exitCode;
  }
  signalGroup(child, signal);
  const escalate = setTimeout(() => signalGroup(child, "SIGKILL"), 10_000);
  const [code] = (await exited) as [number | null];
  clearTimeout(escalate);
  // Anything else in the group (a child the process started) may outlive the leader by a moment.
  signalGroup(child, "SIGKILL");
  return code;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}
