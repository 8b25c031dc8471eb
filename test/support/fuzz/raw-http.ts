import { connect } from "node:net";

/** One HTTP/1.1 response as it came off the wire. */
export interface RawResponse {
  status: number;
  /** Header names in lower case, in order; repeated headers appear repeatedly. */
  headers: [string, string][];
  body: Buffer;
}

export type Exchange = { response: RawResponse } | { error: string };

// Far longer than any answer takes; only there to report a hung request instead of hanging the suite.
const IDLE_LIMIT_MS = 20_000;

/**
 * Sends bytes exactly as given (no validation of the method, path or header
 * bytes, unlike node:http and fetch) and reads one response, framed by its
 * Content-Length or chunked encoding, or until the server closes. `method`
 * tells whether the response has a body (HEAD has none).
 */
export function sendRaw(target: URL, bytes: Buffer, method: string): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    const parser = new ResponseParser(method);
    let settled = false;
    const settle = (exchange: Exchange) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(exchange);
    };
    socket.setTimeout(IDLE_LIMIT_MS, () => settle({ error: `no answer within ${IDLE_LIMIT_MS / 1000} s` }));
    socket.on("data", (chunk: Buffer) => {
      const response = parser.push(chunk);
      if (response) settle({ response });
    });
    socket.on("end", () => {
      const response = parser.finish();
      settle(response ? { response } : { error: `connection closed without a complete response${parser.started ? " (partial)" : ""}` });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset after a complete response was read is settled already; one before it is a finding.
      const response = parser.finish();
      settle(response ? { response } : { error: `socket error ${error.code ?? error.message}` });
    });
    socket.write(bytes);
  });
}

/** Incremental parser for one response (interim 1xx responses are skipped). */
class ResponseParser {
  private buffer = Buffer.alloc(0);
  private head: { status: number; headers: [string, string][] } | null = null;
  private bodyStart = 0;
  started = false;

  constructor(private readonly method: string) {}

  push(chunk: Buffer): RawResponse | null {
    this.started = true;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.head && !this.readHead()) return null;
      if (this.head && this.head.status >= 100 && this.head.status < 200) {
        this.buffer = this.buffer.subarray(this.bodyStart);
        this.head = null;
        continue;
      }
      return this.complete();
    }
  }

  /** What there is once the server closed: a response framed "until close", or a complete one. */
  finish(): RawResponse | null {
    if (!this.head) return null;
    return this.complete() ?? (this.framing() === "close" ? this.response(this.buffer.subarray(this.bodyStart)) : null);
  }

  private readHead(): boolean {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return false;
    const [statusLine = "", ...lines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers = lines.map((line): [string, string] => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
    this.head = { status, headers };
    this.bodyStart = end + 4;
    return true;
  }

  private header(name: string): string | undefined {
    return this.head?.headers.find(([key]) => key === name)?.[1];
  }

  private framing(): "none" | "chunked" | "length" | "close" {
    const status = this.head!.status;
    if (this.method === "HEAD" || status === 204 || status === 304) return "none";
    if (/chunked/i.test(this.header("transfer-encoding") ?? "")) return "chunked";
    if (this.header("content-length") !== undefined) return "length";
    return "close";
  }

  private complete(): RawResponse | null {
    const rest = this.buffer.subarray(this.bodyStart);
    switch (this.framing()) {
      case "none":
        return this.response(Buffer.alloc(0));
      case "length": {
        const length = Number(this.header("content-length"));
        return rest.length >= length ? this.response(rest.subarray(0, length)) : null;
      }
      case "chunked":
        return this.dechunk(rest);
      case "close":
        return null;
    }
  }

  private dechunk(rest: Buffer): RawResponse | null {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", offset);
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(offset, lineEnd).toString("latin1"), 16);
      if (Number.isNaN(size)) return this.response(Buffer.concat(parts));
      if (size === 0) return rest.indexOf("\r\n\r\n", lineEnd) >= 0 ? this.response(Buffer.concat(parts)) : null;
      if (rest.length < lineEnd + 2 + size + 2) return null;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }

  private response(body: Buffer): RawResponse {
    return { status: this.head!.status, headers: this.head!.headers, body };
  }
}
