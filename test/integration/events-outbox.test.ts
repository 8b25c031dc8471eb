import { Keypair } from "@solana/web3.js";
import { beforeAll, describe, expect, it } from "vitest";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { DeliveryError, type Transport } from "~/adapters/notifications/transports/transport";
import { db } from "~/db/client.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import { listEvents } from "~/domain/events.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "../support/api";
import { configureChainIssuing, fundedChain, minterFor } from "../support/chain";
import { uniqueName, uniqueOwner, walletKey } from "../support/fixtures";
import { insertNotifications, quietLog, unusedTransport } from "../support/notify";

const issuer = Keypair.generate();
beforeAll(() => {
  configureChainIssuing(issuer);
});

async function twinIn(shop: string) {
  const publicKey = walletKey();
  const name = await registerName(shop, { name: uniqueName("evt"), publicKey, owner: uniqueOwner() });
  return issueTwin(shop, { name_id: name.uns_name_id, public_key: publicKey, title: "Chronograph", quantity: 1 });
}

const typesOf = async (shop: string) => (await listEvents(shop, {})).events.map((event) => event.type).reverse();

describe("events of background work", () => {
  it("writes nft.held, then nft.minted with the twin's chain state, when the minter records them", async () => {
    const shop = uniqueShop();
    const chain = fundedChain(issuer);
    const twin = await twinIn(shop);
    await minterFor(shop, chain, issuer).drainOnce();
    await setNftDistributionApproval(shop, true);
    await minterFor(shop, chain, issuer).drainOnce();

    expect(await typesOf(shop)).toEqual(["name.registered", "digital_twin.issued", "nft.held", "nft.minted"]);
    const [minted, held] = (await listEvents(shop, {})).events;
    expect(held!.data).toMatchObject({ objectType: "digital_twin", object: { id: twin.id, chain: { status: "HELD" } } });
    expect(minted!.data).toMatchObject({
      objectType: "digital_twin",
      object: { id: twin.id, chain: { status: "MINTED", mint: twin.chain!.mint } },
    });
  });

  it("writes nft.failed when a mint fails for good", async () => {
    const shop = uniqueShop();
    await setNftDistributionApproval(shop, true);
    await twinIn(shop);
    // Never funded: the issuer cannot pay, which no retry fixes.
    await minterFor(shop, fundedChain(Keypair.generate(), 0), issuer, { maxAttempts: 1 }).drainOnce();
    expect(await typesOf(shop)).toContain("nft.failed");
  });

  it("writes notification.failed, with the destination masked, when a claim message fails for good", async () => {
    const shop = uniqueShop();
    const [id] = await insertNotifications({ shop, count: 1 });
    const refusing: Transport = { name: "refusing", send: () => Promise.reject(new DeliveryError("550 mailbox unavailable", false)) };
    await new Dispatcher({ transports: { EMAIL: refusing, SMS: unusedTransport }, where: { shop }, log: quietLog }).drainOnce();

    expect(await db.notification.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "FAILED" });
    const [event] = (await listEvents(shop, {})).events;
    expect(event).toMatchObject({
      type: "notification.failed",
      data: {
        objectType: "notification",
        object: { id, channel: "EMAIL", destination: "b***@example.com", status: "FAILED", lastError: "550 mailbox unavailable" },
      },
    });
  });
});
