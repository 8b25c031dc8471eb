import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/** How long after the shell what is still suspended (deferred data, lazy parts) may take before it is given up on. */
export const ABORT_DELAY_MS = 5000;

/**
 * A page as a streamed HTML Response: sent once its shell is rendered (a bot
 * gets the whole page at once), with `status` turned into 500 if rendering fails.
 * The abort delay starts with the shell: it bounds the wait for suspended
 * parts, never the render of the shell itself, which on a busy CPU can take
 * longer than the delay (a timer started with the render aborted such pages
 * with a 500).
 */
export function streamDocument(
  element: ReactNode,
  { status, headers, bot }: { status: number; headers: Headers; bot: boolean },
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let giveUp: NodeJS.Timeout | undefined;
    const send = () => {
      const body = new PassThrough();
      headers.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      onShellReady: () => {
        giveUp = setTimeout(abort, ABORT_DELAY_MS);
        if (!bot) send();
      },
      onAllReady: () => {
        clearTimeout(giveUp);
        if (bot) send();
      },
      onShellError: reject,
      onError: (error: unknown) => {
        responseStatus = 500;
        console.error(error);
      },
    });
  });
}
