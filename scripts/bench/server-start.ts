// One start of a server for the startup bench, observed from outside as an operator's
// load balancer would: the time from spawn to its first 200 on a path, polled over
// new connections, and the process's resident memory as Linux counts it.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";

const POLL_MS = 5;
const GIVE_UP_MS = 60_000;

export interface StartedServer {
  url: string;
  pid: number;
  /** Seconds from spawn to the first 200. */
  seconds: number;
  /** SIGTERM, then SIGKILL to the process group; resolves once the process has exited. */
  stop(): Promise<void>;
}

/** The process's resident set (VmRSS in /proc/<pid>/status), in MB: what the kernel counts, not what V8 reports. */
export function rssMb(pid: number): number {
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!rss) throw new Error(`No VmRSS for process ${pid}`);
  return Number(rss[1]) / 1024;
}

/** A port free now (the kernel's pick), for a server that must be polled before it says where it listens. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The status of one GET on a new connection; 0 when none could be made. */
const statusOf = (url: string) =>
  new Promise<number>((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", () => resolve(0));
  });

async function stopGroup(child: ChildProcess, exited: Promise<unknown>) {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group is gone already.
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    signal("SIGTERM");
    const escalate = setTimeout(() => signal("SIGKILL"), 10_000);
    await exited;
    clearTimeout(escalate);
  }
  signal("SIGKILL");
}

/**
 * Spawns `node <args>` in a process group of its own with exactly `env` (nothing inherited but PATH,
 * so no setting of the shell turns a worker off), and polls `probe` until it answers 200.
 */
export async function startAndTime(args: string[], env: Record<string, string>, probe: string): Promise<StartedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const only = { ...process.env };
  for (const name of Object.keys(only)) if (name !== "PATH") delete only[name];
  Object.assign(only, env, { PORT: String(port), HOST: "127.0.0.1" });
  const child = spawn(process.execPath, args, {
    env: only,
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  const exited = once(child, "exit");
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const stop = () => stopGroup(child, exited);
  try {
    while ((await statusOf(url + probe)) !== 200) {
      if (child.exitCode !== null) throw new Error(`node ${args.join(" ")} exited with ${child.exitCode}: ${stderr}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`node ${args.join(" ")} answered no 200 within a minute: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, seconds: (performance.now() - started) / 1000, stop };
}
