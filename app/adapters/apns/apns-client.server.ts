import { connect, constants, type ClientHttp2Session } from "node:http2";
import { SignJWT } from "jose";
import { OutboxError } from "~/lib/outbox-error";
import type { ApnsAuth } from "./apns-auth.server";

/** Tells a device that one of its passes changed: Wallet then asks the web service which. */
export interface PassPushSender {
  push(pushToken: string): Promise<void>;
  close(): void;
}

/** Apple accepts a provider token for an hour and refuses one renewed more often than every 20 minutes. */
const TOKEN_LIFETIME_MS = 40 * 60 * 1000;
const TIMEOUT_MS = 10_000;
/** APNs keeps an undelivered notification at most 30 days; a phone that is off for a week still learns its pass changed. */
const STORE_FOR_S = 30 * 24 * 60 * 60;

/**
 * The headers of a pass-update push (decision 0074): the topic is the pass type id (Wallet's
 * "Updating a Pass"); priority 10, deliver now (APNs' default, written out); an expiry, so APNs
 * stores the push for a phone that is off instead of trying once. No `apns-push-type`: none of the
 * values APNs documents is for Wallet (`background` requires the app's bundle id as topic and
 * priority 5, `alert` a visible alert), so none is sent rather than one that is not true.
 */
export function passPushHeaders(topic: string, now = Date.now()): Record<string, string> {
  return {
    "apns-topic": topic,
    "apns-priority": "10",
    "apns-expiration": String(Math.floor(now / 1000) + STORE_FOR_S),
  };
}

/**
 * APNs over HTTP/2 with token auth (decision 0047): POST /3/device/<push token>,
 * the pass-update headers (`passPushHeaders`, decision 0074), a bearer JWT (ES256, kid the key id, iss the team
 * id), an empty JSON body. One session, reopened when it closes.
 */
export function apnsSender(auth: ApnsAuth): PassPushSender {
  let session: ClientHttp2Session | undefined;
  let token: { jwt: string; madeAt: number } | undefined;

  const bearer = async () => {
    if (!token || Date.now() - token.madeAt > TOKEN_LIFETIME_MS) {
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: "ES256", kid: auth.keyId })
        .setIssuer(auth.teamId)
        .setIssuedAt()
        .sign(auth.key);
      token = { jwt, madeAt: Date.now() };
    }
    return token.jwt;
  };

  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(auth.baseUrl);
      session.on("error", () => session?.destroy());
      session.unref();
    }
    return session;
  };

  return {
    async push(pushToken) {
      const jwt = await bearer();
      const request = open().request({
        [constants.HTTP2_HEADER_METHOD]: "POST",
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(pushToken)}`,
        ...passPushHeaders(auth.topic),
        authorization: `bearer ${jwt}`,
        "content-type": "application/json",
      });
      request.setTimeout(TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        let status = 0;
        let body = "";
        request.on("response", (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
        request.setEncoding("utf8");
        request.on("data", (chunk: string) => (body = (body + chunk).slice(0, 2000)));
        request.on("end", () => resolve({ status, body }));
        request.on("error", reject);
        // After "end" this is a no-op; before it (a reset stream, the timeout) the push is retried.
        request.on("close", () => reject(new OutboxError("APNs closed the stream before answering", true)));
        request.end("{}");
      }).catch((error: unknown) => {
        throw error instanceof OutboxError ? error : new OutboxError(`APNs could not be reached: ${(error as Error).message}`, true);
      });
      if (status === 200) return;
      const reason = (() => {
        try {
          return (JSON.parse(body) as { reason?: string }).reason ?? "";
        } catch {
          return "";
        }
      })();
      // 429 and 5xx may pass later; a bad or unregistered device token, or a refused key, will not.
      throw new OutboxError(`APNs answered ${status}${reason ? ` ${reason}` : ""}`, status === 429 || status >= 500);
    },
    close() {
      session?.close();
    },
  };
}
