import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  /** The request's path. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status (and headers), an endless body, or no answer at all. */
export type Answer = { status: number; headers?: Record<string, string> } | { status: 200; endless: true } | { hang: true };

/**
 * A webhook receiver on loopback that records every request and answers each
 * with the next of `answers` (200 once they run out).
 */
export async function startWebhookReceiver(answers: Answer[] = []) {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const answer = answers.shift() ?? { status: 200 };
    if ("hang" in answer) return;
    if ("endless" in answer) {
      res.writeHead(200, { "Content-Type": "text/plain" });
      const line = Buffer.alloc(16 * 1024, "x");
      const pump = () => {
        while (res.write(line)) if (res.destroyed) return;
        res.once("drain", pump);
      };
      res.on("close", () => res.removeAllListeners("drain"));
      return pump();
    }
    res.writeHead(answer.status, answer.headers).end("ok");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
