import http2 from "node:http2";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for Apple's Push Notification service (decision 0047), for
 * tests and the demo only: an HTTP/2 server in cleartext (h2c; the app's client
 * speaks HTTP/2 the same way over it, and no certificate has to be trusted) that
 * takes POST /3/device/<push token> as APNs does and records each push.
 * `APNS_BASE_URL` points the app at it; production never sets that variable.
 */

export interface RecordedPush {
  pushToken: string;
  topic: string | undefined;
  authorization: string | undefined;
  body: string;
}

export interface ApnsStub {
  url: string;
  pushes: RecordedPush[];
  stop(): Promise<void>;
}

export async function startApnsStub(port = 0): Promise<ApnsStub> {
  const pushes: RecordedPush[] = [];
  const server = http2.createServer((request, response) => {
    const match = /^\/3\/device\/([A-Za-z0-9]+)$/.exec(request.url);
    if (request.method !== "POST" || !match) {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ reason: "BadPath" }));
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const authorization = request.headers.authorization;
      if (!authorization?.startsWith("bearer ")) {
        response.writeHead(403, { "content-type": "application/json" }).end(JSON.stringify({ reason: "MissingProviderToken" }));
        return;
      }
      pushes.push({ pushToken: match[1]!, topic: request.headers["apns-topic"] as string | undefined, authorization, body });
      response.writeHead(200, { "apns-id": crypto.randomUUID() }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pushes,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
