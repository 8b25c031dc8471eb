import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { LINGER_MS } from "../app/faces/api/request-body.server";

/*
 * Many clients write their whole request before they read the answer; a server
 * that closes the connection while they still write makes their kernel see a
 * reset, which loses the answer (nginx's "lingering close" exists for the same
 * reason). So a refused request's connection is closed only once the client
 * has sent the rest, or LINGER_MS after the answer.
 */

/**
 * Writes a refusal whose length is known now, and ends the response (which
 * closes the connection: `Connection: close`) only once the client has sent
 * the rest of its request, or after LINGER_MS. Until then its bytes are read
 * and dropped.
 */
export function answerThenLinger(req: IncomingMessage, res: ServerResponse, text: string) {
  res.setHeader("Connection", "close");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.write(text);
  const end = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(end, LINGER_MS).unref();
  req.once("end", end).once("close", end).resume();
}

/** Why Node's parser refused a request, as the client reads it; anything else is a 400. */
const REFUSALS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `Request header fields too large: the request line and headers must fit in ${http.maxHeaderSize / 1024} KiB`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: "Payload too large: a chunk's extensions are too long" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "Request timeout: the request did not arrive in time" },
  // Refused before any header is read, so before the body's size is known: the target is what is wrong.
  HPE_INVALID_URL: {
    status: 400,
    message:
      "Bad request: the request target has a character HTTP does not allow (percent-encode spaces, control characters and non-ASCII bytes)",
  },
};
const BAD_REQUEST = { status: 400, message: "Bad request: this is not an HTTP/1.1 request the server can read" };

const refused = new WeakSet<Duplex>();

/**
 * The server's 'clientError' listener: a request Node's parser cannot read (an
 * unknown method, bad bytes, a head over the size limit) gets its status in
 * words, then the connection closes the lingering way: the answer, the end of
 * our side, the client's remaining bytes read and dropped until it ends its own
 * side or LINGER_MS pass. Node's default writes a bare status and destroys the
 * socket at once, a reset for a client still sending a body.
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex & { bytesWritten?: number }) {
  // The parser reports each later chunk of a refused connection again.
  if (refused.has(socket)) return;
  refused.add(socket);
  // Gone already, or part of another answer written: nothing readable can be added.
  if (error.code === "ECONNRESET" || !socket.writable || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
  const { status, message } = REFUSALS[error.code ?? ""] ?? BAD_REQUEST;
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(message)}`,
    "Cache-Control: no-store",
    "Connection: close",
  ];
  // An answer to HEAD has no body, whatever else the request got wrong.
  const toHead = error.rawPacket?.toString("latin1", 0, 5) === "HEAD ";
  socket.end(`${head.join("\r\n")}\r\n\r\n${toHead ? "" : message}`);
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  socket
    .on("error", close)
    .once("end", close)
    .once("close", () => clearTimeout(timer));
  socket.resume();
}

/** Reads and drops the rest of a refused request's body; a client still sending LINGER_MS later has its connection closed. */
export function dropRestOfBody(req: IncomingMessage) {
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req
    .once("end", () => clearTimeout(timer))
    .once("close", () => clearTimeout(timer))
    .resume();
}
