import type { ChainConfig } from "../app/chain/config.server";
import type { NotifyConfig } from "../app/notifications/config.server";
import type { PollingWorker } from "../app/lib/polling-worker";

/**
 * The background workers of a process: the notification dispatcher, and the
 * chain minter when chain issuing is configured. `inWebServer` honours
 * NOTIFY_DISPATCHER=off and CHAIN_WORKER=off (then `npm run worker` runs them).
 */
export async function backgroundWorkers(args: {
  notify: NotifyConfig;
  chain: ChainConfig;
  inWebServer: boolean;
}): Promise<PollingWorker[]> {
  const workers: PollingWorker[] = [];
  if (!args.inWebServer || args.notify.NOTIFY_DISPATCHER === "on") {
    const { dispatcherFromConfig } = await import("../app/notifications/dispatcher.server");
    workers.push(dispatcherFromConfig(args.notify));
  }
  const { chain } = args.chain;
  if (chain && (!args.inWebServer || args.chain.CHAIN_WORKER === "on")) {
    const { minterFromConfig } = await import("../app/chain/minter.server");
    workers.push(minterFromConfig({ ...args.chain, chain }));
    console.log(`On-chain issuing on: ${chain.cluster}, issuer ${chain.issuer.publicKey.toBase58()}`);
  }
  return workers;
}
