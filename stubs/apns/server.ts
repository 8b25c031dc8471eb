import http2 from "node:http2";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for Apple's Push Notification service (decisions 0047 and
 * 0074), for tests and the demo only: an HTTP/2 server in cleartext (h2c; the
 * app's client speaks HTTP/2 the same way over it, and no certificate has to be
 * trusted) that takes POST /3/device/<push token> as APNs does and records each
 * push. It refuses what APNs refuses in a pass update, with APNs' status and
 * `{"reason": …}` strings ("Handling notification responses from APNs"): no
 * bearer token (403 MissingProviderToken), no `apns-topic` (400 MissingTopic), a
 * topic that is not a pass type id (400 BadTopic) or not the one the device's
 * token was given for (400 DeviceTokenNotForTopic), an `apns-push-type` APNs does
 * not know (400 InvalidPushType), a priority other than 1, 5 or 10 (400
 * BadPriority), an expiry that is not a UNIX time (400 BadExpirationDate), an
 * empty body (400 PayloadEmpty). `APNS_BASE_URL` points the app at it;
 * production never sets that variable.
 */

export interface RecordedPush {
  pushToken: string;
  topic: string | undefined;
  pushType: string | undefined;
  priority: string | undefined;
  expiration: string | undefined;
  authorization: string | undefined;
  body: string;
}

export interface ApnsStub {
  url: string;
  pushes: RecordedPush[];
  stop(): Promise<void>;
}

/** The `apns-push-type` values APNs documents ("Sending notification requests to APNs"). */
const PUSH_TYPES = new Set([
  "alert",
  "background",
  "location",
  "voip",
  "complication",
  "fileprovider",
  "mdm",
  "liveactivity",
  "pushtotalk",
  "widgets",
]);

const header = (request: http2.Http2ServerRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

/** Why APNs would refuse this push, or null. */
function refusal(request: http2.Http2ServerRequest, body: string, topic: string | undefined): [number, string] | null {
  if (!header(request, "authorization")?.startsWith("bearer ")) return [403, "MissingProviderToken"];
  const sent = header(request, "apns-topic");
  if (!sent) return [400, "MissingTopic"];
  if (!/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(sent)) return [400, "BadTopic"];
  if (topic && sent !== topic) return [400, "DeviceTokenNotForTopic"];
  const pushType = header(request, "apns-push-type");
  if (pushType !== undefined && !PUSH_TYPES.has(pushType)) return [400, "InvalidPushType"];
  const priority = header(request, "apns-priority");
  if (priority !== undefined && !["1", "5", "10"].includes(priority)) return [400, "BadPriority"];
  const expiration = header(request, "apns-expiration");
  if (expiration !== undefined && !/^\d{1,12}$/.test(expiration)) return [400, "BadExpirationDate"];
  if (body.length === 0) return [400, "PayloadEmpty"];
  return null;
}

/** `topic`: the pass type id the devices' push tokens were given for (any pass type id when unset). */
export async function startApnsStub(port = 0, options: { topic?: string } = {}): Promise<ApnsStub> {
  const pushes: RecordedPush[] = [];
  const server = http2.createServer((request, response) => {
    const answer = (status: number, reason: string) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ reason }));
    const match = /^\/3\/device\/([A-Za-z0-9]+)$/.exec(request.url);
    if (!match) return answer(404, "BadPath");
    if (request.method !== "POST") return answer(405, "MethodNotAllowed");
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const refused = refusal(request, body, options.topic);
      if (refused) return answer(...refused);
      pushes.push({
        pushToken: match[1]!,
        topic: header(request, "apns-topic"),
        pushType: header(request, "apns-push-type"),
        priority: header(request, "apns-priority"),
        expiration: header(request, "apns-expiration"),
        authorization: header(request, "authorization"),
        body,
      });
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
