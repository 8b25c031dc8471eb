// Load for the api bench: autocannon's connections against one server, with the
// server process's CPU time read from /proc around the run.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export const CONNECTIONS = 16;

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  path: string;
  /** Headers and body of the i-th request (a key per request, a body per card). */
  request?: (i: number) => { headers?: Record<string, string>; body?: string };
  seconds: number;
  /** Whose CPU time counts as the server's (its pid). */
  pid: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU milliseconds per answered request. */
  cpuMs: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  errors: number;
}

// Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second.
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of a process so far, all its threads. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function load(spec: LoadSpec): Promise<LoadResult> {
  let sent = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuMs(spec.pid);
  const started = performance.now();
  let finished!: (result: autocannon.Result) => void;
  let failed!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => ((finished = resolve), (failed = reject)));
  const options: autocannon.Options = {
    url: spec.url,
    connections: CONNECTIONS,
    duration: spec.seconds,
    requests: [
      {
        method: spec.method ?? "GET",
        path: spec.path,
        setupRequest: (req) => {
          const extra = spec.request?.(sent++) ?? {};
          return { ...req, headers: { ...req.headers, ...extra.headers }, ...(extra.body === undefined ? {} : { body: extra.body }) };
        },
      },
    ],
  };
  const instance = autocannon(options, (error, result) => (error ? failed(error) : finished(result)));
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await done;
  const wallMs = performance.now() - started;
  const cpu = cpuMs(spec.pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]));
  return {
    rps: latencies.length / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: cpu / Math.max(1, latencies.length),
    statuses,
    errors: result.errors + result.timeouts,
  };
}
