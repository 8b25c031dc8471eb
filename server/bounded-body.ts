import type { IncomingMessage } from "node:http";
import { dropRestOfBody } from "./lingering-close";

/** A request body as the stream a route reads, cut off at a size limit, and what became of it. */
export interface BoundedBody {
  stream: ReadableStream<Uint8Array>;
  /** Whether the client sent more than the limit (the stream then failed, and the rest is being dropped). */
  overflowed(): boolean;
  /** Aborted when the client sends more than the limit: the route's work on the request stops, as for a client gone. */
  signal: AbortSignal;
  /** Once the route has answered: whatever it left unread is read and dropped, so the client can finish sending. */
  release(): void;
}

/**
 * The body of `req` for a route, read as the route reads it (backpressure
 * included), at most `limit` bytes: one byte more fails the stream, and the
 * rest is read and dropped (server/lingering-close.ts), never by destroying the
 * socket, so the answer still reaches the client. Remix's own adapter stream
 * pauses the request when nobody reads and destroys it when cancelled: a route
 * that answered without reading a large body left its client stuck writing,
 * until the connection timed out and reset.
 */
export function boundedBody(req: IncomingMessage, limit: number): BoundedBody {
  const overflow = new AbortController();
  let size = 0;
  let state: "reading" | "overflowed" | "released" = "reading";
  const detach = () => {
    req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    if (!req.readableEnded) dropRestOfBody(req);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > limit) {
      state = "overflowed";
      detach();
      controller.error(bodyTooLarge(limit));
      return overflow.abort();
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => controller.close();
  const onError = (error: Error) => controller.error(error);
  const onClose = () => {
    if (!req.readableEnded) controller.error(new Error("The client closed the connection before the end of the request body"));
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(started) {
        controller = started;
        req.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
      },
      pull: () => void req.resume(),
      cancel: () => {
        if (state === "reading") state = "released";
        detach();
      },
    },
    { highWaterMark: req.readableHighWaterMark, size: (chunk) => chunk.byteLength },
  );
  return {
    stream,
    overflowed: () => state === "overflowed",
    signal: overflow.signal,
    release: () => {
      if (state !== "reading") return;
      state = "released";
      detach();
    },
  };
}

/** What a read of a body cut off at its limit fails with: named so app/faces/api/request-body.server.ts tells it from a broken connection. */
function bodyTooLarge(limit: number) {
  const error = new Error(`The request body is larger than ${limit} bytes`);
  error.name = "BodyTooLargeError";
  return error;
}
