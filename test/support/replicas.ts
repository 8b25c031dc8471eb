import { USER_AGENT } from "./api";
import { TEST_ENV } from "./test-env";
import { startServer, startWorker, type AppProcess } from "./processes";

/** A response read whole, with the server that gave it. */
export interface Answer {
  server: number;
  status: number;
  headers: Headers;
  body: string;
  /** The body parsed as JSON. */
  json<T = unknown>(): T;
}

/** Processes started for one test file on one database; `stopAll` stops each by its process group. */
export class Fleet {
  readonly processes: AppProcess[] = [];
  servers: string[] = [];

  constructor(private readonly env: Record<string, string>) {}

  /** `count` built servers on the fleet's database (no dispatcher in them: workers deliver). */
  async startServers(count: number, env: Record<string, string> = {}) {
    const started = await this.startAll(
      Array.from({ length: count }, () => () => startServer({ ...TEST_ENV, ...this.env, NOTIFY_DISPATCHER: "off", ...env })),
    );
    this.servers.push(...started.map((server) => server.url));
    return started;
  }

  /** `count` `npm run worker` processes on the fleet's database. */
  startWorkers(count: number, env: Record<string, string> = {}) {
    return this.startAll(Array.from({ length: count }, () => () => startWorker({ ...TEST_ENV, ...this.env, ...env })));
  }

  private async startAll(starts: (() => Promise<AppProcess>)[]): Promise<AppProcess[]> {
    const results = await Promise.allSettled(starts.map((start) => start()));
    const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    this.processes.push(...started);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return started;
  }

  async stopAll() {
    await Promise.all(this.processes.map((process) => process.stop()));
  }

  /** A request to server number `server` (0 or 1), as a client at `address` (X-Forwarded-For; the servers trust loopback). */
  async send(
    server: number,
    method: string,
    path: string,
    options: { key?: string; body?: unknown; address?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(this.servers[server]! + path, {
      method,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      headers: {
        "User-Agent": USER_AGENT,
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
        ...(options.address ? { "X-Forwarded-For": options.address } : {}),
        ...options.headers,
      },
    });
    const body = await response.text();
    return { server, status: response.status, headers: response.headers, body, json: <T>() => JSON.parse(body) as T };
  }
}

/** Statuses counted, e.g. `{ 200: 100, 429: 200 }`. */
export const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
