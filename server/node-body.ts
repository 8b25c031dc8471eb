import type { IncomingMessage } from "node:http";
import { MAX_BODY_BYTES, MAX_DRAINED_BYTES } from "../app/faces/api/request-body.server";
import { dropRestOfBody } from "./lingering-close";

/**
 * A Node request's body, as `readBodyBytes` reads a fetch Request's: null when
 * it is over 1 MiB (declared, or once the rest is read and discarded up to
 * MAX_DRAINED_BYTES; past that the answer goes at once while the rest is
 * dropped, server/lingering-close.ts), without destroying the socket, so the
 * 413 can still be written and read. What that means for the answer is
 * the route's to say (app/faces/api/request-body.server.ts: its errors are the
 * Remix build's classes, not this bundle's).
 */
export function nodeBody(req: IncomingMessage): Promise<Uint8Array | null> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) return chunks.push(chunk);
      if (size <= MAX_DRAINED_BYTES) return;
      stop();
      dropRestOfBody(req);
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The client gone before the end of its body: nobody is left to answer.
    const onClose = () => onError(new Error("The client closed the connection before the end of the request body"));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
