import { generateKeyPairSync } from "node:crypto";
import http2 from "node:http2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apnsSender, passPushHeaders } from "~/adapters/apns/apns-client.server";
import { OutboxError } from "~/lib/outbox-error";
import { startApnsStub, type ApnsStub } from "../../stubs/apns/server";

// A pass-update push carries the headers Apple documents for it (decision 0074), and the stand-in
// refuses one without them as APNs does: its status and {"reason": …}, nothing recorded.

const TOPIC = "pass.com.example.twincards";
const TOKEN = "ab".repeat(32);
let stub: ApnsStub;
const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const auth = (topic: string) => ({ keyId: "AB12CD34EF", teamId: "A1B2C3D4E5", topic, key: privateKey, baseUrl: stub.url });

beforeAll(async () => {
  stub = await startApnsStub(0, { topic: TOPIC });
});
afterAll(() => stub.stop());

/** One request to the stand-in as a hand-written client would send it. */
function send(headers: Record<string, string>, body = "{}", path = `/3/device/${TOKEN}`) {
  const session = http2.connect(stub.url);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = session.request({ ":method": "POST", ":path": path, ...headers });
    let text = "";
    let status = 0;
    request.on("response", (answer) => (status = Number(answer[":status"])));
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      session.close();
      resolve({ status, body: text ? JSON.parse(text) : null });
    });
    request.on("error", reject);
    request.end(body);
  });
}

const valid = { authorization: "bearer x", ...passPushHeaders(TOPIC) };

describe("APNs pushes for pass updates", () => {
  it("sends the topic, priority 10 and a 30-day expiry, no push type, an empty JSON body", async () => {
    const sender = apnsSender(auth(TOPIC));
    const before = Math.floor(Date.now() / 1000);
    await sender.push(TOKEN);
    sender.close();
    const [push] = stub.pushes.splice(0);
    expect(push).toMatchObject({ pushToken: TOKEN, topic: TOPIC, priority: "10", pushType: undefined, body: "{}" });
    const days = (Number(push!.expiration) - before) / 86_400;
    expect(days).toBeGreaterThanOrEqual(29.99);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  it("gives up at once, naming APNs' reason, when the device's token is for another pass type", async () => {
    const sender = apnsSender(auth("pass.com.example.other"));
    const failure = await sender.push(TOKEN).catch((error: unknown) => error);
    sender.close();
    expect(failure).toBeInstanceOf(OutboxError);
    expect((failure as OutboxError).message).toBe("APNs answered 400 DeviceTokenNotForTopic");
    expect((failure as OutboxError).retryable).toBe(false);
    expect(stub.pushes).toEqual([]);
  });

  it.each([
    ["no bearer token", { ...valid, authorization: "" }, 403, "MissingProviderToken"],
    ["no topic", { authorization: "bearer x", "apns-priority": "10" }, 400, "MissingTopic"],
    ["an app's bundle id as topic", { ...valid, "apns-topic": "com.example.app" }, 400, "BadTopic"],
    ["another pass type", { ...valid, "apns-topic": "pass.com.example.other" }, 400, "DeviceTokenNotForTopic"],
    ["an unknown push type", { ...valid, "apns-push-type": "pass" }, 400, "InvalidPushType"],
    ["priority 7", { ...valid, "apns-priority": "7" }, 400, "BadPriority"],
    ["an expiry that is not a UNIX time", { ...valid, "apns-expiration": "tomorrow" }, 400, "BadExpirationDate"],
  ])("refuses a push with %s as APNs does, recording nothing", async (_, headers, status, reason) => {
    const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ""));
    expect(await send(sent)).toEqual({ status, body: { reason } });
    expect(stub.pushes).toEqual([]);
  });

  it("refuses an empty body and a path that is not a device", async () => {
    expect(await send(valid, "")).toEqual({ status: 400, body: { reason: "PayloadEmpty" } });
    expect(await send(valid, "{}", "/3/device/")).toEqual({ status: 404, body: { reason: "BadPath" } });
    expect(stub.pushes).toEqual([]);
  });
});
