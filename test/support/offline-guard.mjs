// Preloaded (`node --import`) into a tool a test runs that must work offline: every
// outbound connection and host lookup is refused and written, one a line, to the file
// named by OFFLINE_GUARD_LOG, so the test can assert that the tool tried none.
import dns from "node:dns";
import { appendFileSync } from "node:fs";
import net from "node:net";

const record = (attempt) => appendFileSync(process.env.OFFLINE_GUARD_LOG, `${attempt}\n`);
const refused = (what) => Object.assign(new Error(`offline: ${what} refused by the test`), { code: "ECONNREFUSED" });

net.Socket.prototype.connect = function connect(...args) {
  const [target] = args;
  const where =
    typeof target === "object" && target !== null ? (target.path ?? `${target.host ?? "localhost"}:${target.port}`) : args.join(":");
  record(`connect ${where}`);
  process.nextTick(() => this.destroy(refused(`connect ${where}`)));
  return this;
};

dns.lookup = function lookup(hostname, ...rest) {
  record(`lookup ${hostname}`);
  const callback = rest.at(-1);
  process.nextTick(() => callback(refused(`lookup ${hostname}`)));
};
dns.promises.lookup = async (hostname) => {
  record(`lookup ${hostname}`);
  throw refused(`lookup ${hostname}`);
};
