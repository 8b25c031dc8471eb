// npm run worker — delivers claim notifications and mints NFTs (when chain issuing
// is configured) without the web server. Run it alongside
// `NOTIFY_DISPATCHER=off CHAIN_WORKER=off npm start`, or as several copies: each
// row is handled by one. Stops on SIGTERM/SIGINT after finishing the rows in hand.
import { DEFAULT_DATABASE_URL } from "../app/database-url";
import { databaseUsableOrExit } from "../app/db/postgres-connect.server";
import { backgroundWorkers } from "../server/workers";
import { chainConfigOrExit, notifyConfigOrExit } from "../server/config";

await databaseUsableOrExit(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
const workers = await backgroundWorkers({ notify: notifyConfigOrExit(), chain: chainConfigOrExit(), inWebServer: false });
workers.forEach((worker) => worker.start());
console.log(`Twin Cards worker started (pid ${process.pid})`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void Promise.all(workers.map((worker) => worker.stop())).then(() => process.exit(0));
  });
}
