import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isAllowedAddress } from "~/domain/webhook-url";
import { OutboxError } from "~/lib/outbox-error";

/** What a receiver answered (2xx only: anything else is thrown as a WebhookPostError). */
export interface PostResult {
  status: number;
}

/** A failed POST, with the receiver's status when it answered. */
export class WebhookPostError extends OutboxError {
  constructor(
    message: string,
    retryable: boolean,
    readonly responseStatus: number | null,
    retryAfterMs?: number,
  ) {
    super(message, retryable, retryAfterMs);
  }
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The whole exchange, connection to last byte read. */
  timeoutMs: number;
  /** The most of the answer read; the rest is dropped with the connection. */
  maxResponseBytes: number;
  loopbackAllowed: boolean;
}

export type Post = (options: PostOptions) => Promise<PostResult>;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name resolving to any address a webhook (or a logo fetch) may not reach (checked at connect time: no DNS rebinding). */
export function guardedLookup(loopbackAllowed: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const refused = addresses.find((entry) => !isAllowedAddress(entry.address, loopbackAllowed));
      if (refused)
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused.address}, a private or local address`), { code: "EADDRREFUSED" }),
          "",
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * POSTs a webhook: no redirects followed, no private addresses (by literal or
 * after DNS), at most `timeoutMs` in all and `maxResponseBytes` of the answer
 * read, so a slow or chatty receiver never holds a worker longer.
 */
export const postWebhook: Post = ({ url, body, headers, timeoutMs, maxResponseBytes, loopbackAllowed }) => {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isAllowedAddress(host, loopbackAllowed)) {
    return Promise.reject(new WebhookPostError(`${host} is a private or local address`, false, null));
  }
  const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
  if (!client) return Promise.reject(new WebhookPostError(`Unsupported scheme ${target.protocol}`, false, null));

  return new Promise<PostResult>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = client.request(target, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      lookup: guardedLookup(loopbackAllowed) as never,
      // One connection per delivery: nothing pooled across receivers.
      agent: false,
    });
    const timer = setTimeout(() => {
      finish(() => reject(new WebhookPostError(`No complete answer within ${timeoutMs / 1000} s`, true, null)));
      request.destroy();
    }, timeoutMs);

    request.on("error", (error: NodeJS.ErrnoException) => {
      const refused = error.code === "EADDRREFUSED";
      finish(() => reject(new WebhookPostError(refused ? error.message : `Network error: ${error.code ?? error.message}`, !refused, null)));
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const done = () => {
        finish(() => {
          if (status >= 200 && status < 300) return resolve({ status });
          const wait = retryAfterMs(response.headers["retry-after"]);
          if (status === 429 || status >= 500) return reject(new WebhookPostError(`The endpoint answered ${status}`, true, status, wait));
          const why =
            status >= 300 && status < 400
              ? `The endpoint answered ${status} (redirects are not followed)`
              : `The endpoint answered ${status}`;
          reject(new WebhookPostError(why, false, status));
        });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= maxResponseBytes) done();
      });
      response.on("end", done);
      response.on("error", () => done());
    });
    request.end(body);
  });
};
