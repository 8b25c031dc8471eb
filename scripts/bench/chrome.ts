// Headless Chromium for Lighthouse, in a process group of its own so stop()
// ends it with every renderer and helper it forked, also when a run failed.
// Only loopback is reachable from it: every other host name resolves to nothing.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Chrome {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  stop(): Promise<void>;
}

export async function startChrome(): Promise<Chrome> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "twin-cards-chrome-"));
  const child = spawn(
    process.env.CHROME_PATH ?? "/usr/bin/chromium",
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--no-first-run",
      "--no-default-browser-check",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // The group is gone already.
      }
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  let stderr = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (!match) return;
      child.stderr!.removeAllListeners("data").resume();
      resolve(Number(match[1]));
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${stderr}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}
