import { randomUUID } from "node:crypto";
import { cardInput, uniqueOwner, walletKey } from "./fixtures";
import { USER_AGENT } from "./user-agent";

/** What one request of the load got. */
export interface LoadAnswer {
  kind: "owned" | "email" | "batch" | "list" | "redeem";
  server: number;
  /** The HTTP status; 0 when the connection failed (refused, reset). */
  status: number;
  /** The envelope's error code, e.g. UNAVAILABLE. */
  errorCode?: string;
  retryAfter: string | null;
  /** Cards a 201 acknowledged. */
  cardIds: string[];
  /** The code a redeem raced for. */
  code?: string;
  /** Milliseconds since the load started. */
  at: number;
}

export interface WriterLoadOptions {
  /** Base URLs of the replicas. */
  servers: string[];
  /** API keys of one shop; writer n uses keys[n % keys.length]. */
  keys: string[];
  writers: number;
  /** How long the load runs: a number of seconds (the bench), or until `signal` aborts (a test that waits for a state). */
  seconds?: number;
  signal?: AbortSignal;
  /** Called with each answer as it arrives, e.g. to count what was acknowledged so far. */
  onAnswer?: (answer: LoadAnswer) => void;
}

const BATCH = 25;

/**
 * An operator's mixed write load on several replicas: each writer in turn
 * creates an owned card, a card by e-mail (its claim message queued), a batch
 * of 25 by e-mail, reads a page of cards, and races a redeem of a code it got
 * on two replicas at once. Resolves with every answer once `seconds` are up
 * or `signal` aborts (each writer ends the turn it is in).
 */
export async function writerLoad(options: WriterLoadOptions): Promise<LoadAnswer[]> {
  const answers: (LoadAnswer & { json?: unknown })[] = [];
  const codes: string[] = [];
  const started = performance.now();
  const until = started + (options.seconds ?? Infinity) * 1000;
  const going = () => performance.now() < until && !options.signal?.aborted;
  const record = (...received: (LoadAnswer & { json?: unknown })[]) => {
    answers.push(...received);
    for (const { json: _json, ...answer } of received) options.onAnswer?.(answer);
  };

  async function send(
    kind: LoadAnswer["kind"],
    server: number,
    key: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<LoadAnswer & { json?: unknown }> {
    const at = performance.now() - started;
    try {
      const response = await fetch(options.servers[server] + path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          "User-Agent": USER_AGENT,
          Authorization: `Bearer ${key}`,
          // Its own address per request: the per-address redeem limit is not what this load measures.
          "X-Forwarded-For": `2001:db8::${randomUUID().slice(0, 4)}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
      });
      const text = await response.text();
      let json: { data?: unknown; error?: { code?: string } } | undefined;
      try {
        json = JSON.parse(text) as typeof json;
      } catch {
        json = undefined;
      }
      const created = response.status === 201 ? [json?.data].flat() : [];
      return {
        kind,
        server,
        status: response.status,
        errorCode: json?.error?.code,
        retryAfter: response.headers.get("retry-after"),
        cardIds: created.map((card) => (card as { id: string }).id),
        at,
        json,
      };
    } catch {
      return { kind, server, status: 0, retryAfter: null, cardIds: [], at };
    }
  }

  async function writer(n: number) {
    const key = options.keys[n % options.keys.length]!;
    for (let turn = 0; going(); turn++) {
      const server = (n + turn) % options.servers.length;
      const step = (n + turn) % 5;
      if (step === 0) {
        record(
          await send("owned", server, key, "POST", "/v1/unit-cards", {
            ...cardInput(`Owned ${n}.${turn}`),
            owner: uniqueOwner(),
            publicKey: walletKey(),
          }),
        );
      } else if (step === 1) {
        const answer = await send("email", server, key, "POST", "/v1/unit-cards", {
          ...cardInput(`E-mail ${n}.${turn}`),
          email: `writer${n}.${turn}@example.com`,
        });
        const code = (answer.json as { data?: { redemption?: { code?: string } } } | undefined)?.data?.redemption?.code;
        if (code) codes.push(code);
        record(answer);
      } else if (step === 2) {
        const cards = Array.from({ length: BATCH }, (_, i) => cardInput(`Batch ${n}.${turn}.${i}`));
        record(
          await send("batch", server, key, "POST", "/v1/unit-cards/_actions/batch", {
            redemption: { email: `batch${n}.${turn}@example.com` },
            cards,
          }),
        );
      } else if (step === 3) {
        record(await send("list", server, key, "GET", "/v1/unit-cards?limit=20"));
      } else {
        const code = codes.shift();
        if (!code) continue;
        const body = { code, owner: uniqueOwner(), publicKey: walletKey() };
        const race = await Promise.all(
          [0, 1].map((i) => send("redeem", (server + i) % options.servers.length, key, "POST", "/v1/unit-cards/_actions/redeem", body)),
        );
        record(...race.map((answer) => ({ ...answer, code })));
      }
    }
  }

  await Promise.all(Array.from({ length: options.writers }, (_, n) => writer(n)));
  return answers.map(({ json: _json, ...answer }) => answer);
}
