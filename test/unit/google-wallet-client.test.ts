import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { walletObjectsClient } from "~/adapters/google-wallet/wallet-objects.server";
import type { GoogleWalletContent } from "~/domain/ports";
import { OutboxError } from "~/lib/outbox-error";

/*
 * The Google Wallet client against a server that drops connections without answering, as a
 * server does with a kept-alive connection it closes just as the client reuses it.
 */

const content: GoogleWalletContent = {
  objectId: "3388000000022222222.card-1",
  language: "en",
  classId: "3388000000022222222.twincards_shop",
  state: "INACTIVE",
  cardTitle: "Harbor & Pine",
  subheader: "Card",
  header: "Gold membership",
  backgroundColor: "#1F2937",
  logo: null,
  heroImage: null,
  textModules: [],
  barcode: null,
};

let server: Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

/** A token endpoint and an object API whose first `drops` PATCHes lose their connection unanswered. */
async function google(drops: number) {
  const patches: number[] = [];
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/token") return void response.end(JSON.stringify({ access_token: "ya29.test", expires_in: 3599 }));
      patches.push(patches.length + 1);
      if (patches.length <= drops) return void request.socket.destroy();
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = walletObjectsClient({
    issuerId: "3388000000022222222",
    email: "twin-cards@twin-cards-test.iam.gserviceaccount.com",
    keyId: "key-1",
    key: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey,
    tokenUrl: `${base}/token`,
    apiUrl: base,
  });
  return { client, patches };
}

describe("Google Wallet object updates over a dropped connection", () => {
  it("sends an update again at once on a new connection when its connection was dropped unanswered", async () => {
    const { client, patches } = await google(1);
    await expect(client.update(content)).resolves.toBe("UPDATED");
    expect(patches).toHaveLength(2);
  });

  it("leaves a second drop to the outbox's backoff, saying what happened", async () => {
    const { client, patches } = await google(2);
    const error = await client.update(content).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OutboxError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/^Google could not be reached: fetch failed \((UND_ERR_SOCKET|ECONNRESET): .+\)$/);
    expect(patches).toHaveLength(2);
  });
});
