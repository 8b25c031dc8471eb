// npm run worker — delivers claim notifications from the outbox without the web server
// (run it alongside `NOTIFY_DISPATCHER=off npm start`, or as several copies: each row is sent by one).
// Stops on SIGTERM/SIGINT after finishing the notification in hand.
import { dispatcherFromConfig } from "~/notifications/dispatcher.server";
import { notifyConfigOrExit } from "../server/config";

const config = notifyConfigOrExit();
const dispatcher = dispatcherFromConfig(config).start();
console.log(`Twin Cards notification worker started (pid ${process.pid})`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void dispatcher.stop().then(() => process.exit(0));
  });
}
