import type { Server } from "node:http";
import type { PollingWorker } from "../app/lib/polling-worker";

/**
 * The web server's background workers, loaded and started once it listens (decision 0058): a
 * replica answers its first requests (a load balancer's /healthz) before it loads the workers'
 * code and runs their first poll, which then follows at once. `stop()`, for the server's
 * shutdown, waits for a start under way and stops whatever started. A worker that cannot be
 * loaded stops the process with exit 1, as it did when it was loaded before listening.
 */
export function workersAfterListening(server: Server, load: () => Promise<PollingWorker[]>): { stop(): Promise<void> } {
  let workers: Promise<PollingWorker[]> = Promise.resolve([]);
  let stopping = false;
  server.once("listening", () => {
    if (stopping) return;
    workers = load().then((loaded) => {
      if (!stopping) for (const worker of loaded) worker.start();
      return loaded;
    });
    workers.catch((error: unknown) => {
      console.error("The background workers could not start:", error);
      process.exit(1);
    });
  });
  return {
    stop: async () => {
      stopping = true;
      const loaded = await workers.catch(() => []);
      await Promise.all(loaded.map((worker) => worker.stop()));
    },
  };
}
