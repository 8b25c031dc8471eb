// npm run worker — the background work without the web server: claim notifications,
// webhook deliveries, orders recorded for issuing at purchase, and NFT mints (when
// chain issuing is configured). Run it alongside `NOTIFY_DISPATCHER=off CHAIN_WORKER=off
// WEBHOOK_WORKER=off ORDER_WORKER=off npm start`, or as several copies: each row is
// handled by one. Stops on SIGTERM/SIGINT after finishing the rows in hand.
import { databaseUsableOrExit } from "../app/db/postgres-connect.server";
import { databaseUrl } from "../app/wiring/config.server";
import { backgroundWorkers } from "../app/wiring/services.server";
import { chainConfigOrExit, notifyConfigOrExit, webhookConfigOrExit } from "../server/config";

await databaseUsableOrExit(databaseUrl());
const workers = await backgroundWorkers({
  notify: notifyConfigOrExit(),
  chain: chainConfigOrExit(),
  webhooks: webhookConfigOrExit(),
  inWebServer: false,
});
workers.forEach((worker) => worker.start());
console.log(`Twin Cards worker started (pid ${process.pid})`);

// `on`, not `once`: the signal may come twice (to the group, and relayed by tsx); a second must not end the process with 143.
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    void Promise.all(workers.map((worker) => worker.stop())).then(() => process.exit(0));
  });
}
