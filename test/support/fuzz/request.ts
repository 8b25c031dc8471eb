/** One junk request, as data: enough to send it, report it and replay it. */
export interface FuzzRequest {
  /** The route family it aims at (for the report). */
  family: string;
  /** The plain server, or the demo-mode one (`/demo`). */
  server: "base" | "demo";
  method: string;
  /** The request target as sent: usually a path and query, `host:port` for CONNECT, `*` for OPTIONS. */
  target: string;
  /** Sent in this order, repeats included; a Buffer value carries bytes a string cannot. */
  headers: [string, string | Buffer][];
  body?: Buffer;
  /** Send the body chunked instead of with Content-Length. */
  chunked?: boolean;
  /**
   * The whole request as bytes, when the framing itself is the junk (a bad
   * request line, a header Node must refuse): sent instead of the fields above.
   */
  raw?: Buffer;
  /** Statuses this request must get, when the outcome is certain (e.g. 413 for a body over 1 MiB). */
  expectStatus?: number[];
  /** Broken framing (an invalid chunk) that Node may answer by closing the connection. */
  mayDrop?: boolean;
}

/** The bytes of a request, with Host pointing at `host`. */
export function serialize(request: FuzzRequest, host: string): Buffer {
  if (request.raw) return request.raw;
  const lines: Buffer[] = [Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\n`, "utf8")];
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  if (!names.has("host")) lines.push(Buffer.from(`Host: ${host}\r\n`));
  for (const [name, value] of request.headers) {
    lines.push(
      Buffer.concat([
        Buffer.from(`${name}: `, "latin1"),
        typeof value === "string" ? Buffer.from(value, "utf8") : value,
        Buffer.from("\r\n"),
      ]),
    );
  }
  const body = request.body;
  if (body && request.chunked) {
    lines.push(Buffer.from("Transfer-Encoding: chunked\r\n\r\n"));
    for (let offset = 0; offset < body.length; offset += 16 * 1024) {
      const chunk = body.subarray(offset, offset + 16 * 1024);
      lines.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
    }
    lines.push(Buffer.from("0\r\n\r\n"));
  } else {
    if (body && !names.has("content-length")) lines.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
    lines.push(Buffer.from("\r\n"));
    if (body) lines.push(body);
  }
  return Buffer.concat(lines);
}

/**
 * The request's path as the app routes it — the origin and the raw target
 * joined, then WHATWG URL's normalisation (`..`, `%2e%2e`) — or null for a
 * target that is not a path.
 */
export function routedPath(target: string): string | null {
  if (!target.startsWith("/")) return null;
  try {
    return new URL(`http://fuzz.invalid${target}`).pathname;
  } catch {
    return null;
  }
}

/** Whether the app routes the request to the /v1 API (Remix matches paths case-insensitively). */
export const isV1Target = (target: string) => /^\/v1(\/|$)/i.test(routedPath(target) ?? "");

/** A short, replayable description: method, target (cut), server, body size. */
export function describe(request: FuzzRequest): string {
  const target = request.raw ? JSON.stringify(request.raw.subarray(0, 120).toString("latin1")) : request.target;
  const cut = target.length > 160 ? `${target.slice(0, 160)}…(${target.length} chars)` : target;
  const body = request.body ? ` body ${request.body.length} B${request.chunked ? " chunked" : ""}` : "";
  return `[${request.family}@${request.server}] ${request.raw ? "RAW" : request.method} ${cut}${body}`;
}
