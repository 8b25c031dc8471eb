import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { PollingWorker } from "~/lib/polling-worker";
import { workersAfterListening } from "../../server/workers-after-listening";
import { deferred } from "../support/deferred";

/** A worker that counts its polls and finds nothing due. */
class CountingWorker extends PollingWorker {
  polls = 0;
  constructor() {
    super("counting", 60_000, console);
  }
  protected async dueIds(): Promise<string[]> {
    this.polls++;
    return [];
  }
  protected async processOne(): Promise<string | undefined> {
    return undefined;
  }
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function unstartedServer() {
  const server = http.createServer((_req, res) => res.end("ok"));
  servers.push(server);
  return server;
}

const listening = (server: http.Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

describe("the web server's workers", () => {
  it("are loaded once the server listens, then poll at once, and stop with it", async () => {
    const server = unstartedServer();
    const worker = new CountingWorker();
    let loads = 0;
    const workers = workersAfterListening(server, async () => {
      loads++;
      return [worker];
    });
    expect(loads).toBe(0);

    await listening(server);
    await expect.poll(() => worker.polls).toBe(1);
    expect(loads).toBe(1);

    await workers.stop();
    expect(worker.polls).toBe(1);
  });

  it("answer a request while their code is still loading", async () => {
    const server = unstartedServer();
    const loaded = deferred();
    const worker = new CountingWorker();
    const workers = workersAfterListening(server, async () => {
      await loaded.promise;
      return [worker];
    });
    await listening(server);
    const { port } = server.address() as { port: number };

    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await response.text()).toBe("ok");
    expect(worker.polls).toBe(0);

    loaded.resolve();
    await expect.poll(() => worker.polls).toBe(1);
    await workers.stop();
  });

  it("never poll when the server is stopped while they load: the stop waits for them and stops them", async () => {
    const server = unstartedServer();
    const loaded = deferred();
    const worker = new CountingWorker();
    let loading = false;
    const workers = workersAfterListening(server, async () => {
      loading = true;
      await loaded.promise;
      return [worker];
    });
    await listening(server);
    await expect.poll(() => loading).toBe(true);

    const stopping = workers.stop();
    loaded.resolve();
    await stopping;

    expect(worker.polls).toBe(0);
  });

  it("load nothing when the server is stopped before it listens", async () => {
    const server = unstartedServer();
    let loads = 0;
    const workers = workersAfterListening(server, async () => {
      loads++;
      return [];
    });

    await workers.stop();
    // The handlers of 'listening' run in the order they were added: the workers' before this callback.
    await listening(server);

    expect(loads).toBe(0);
  });
});
