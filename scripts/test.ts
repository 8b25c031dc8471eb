// npm test: the system packages the tests need, the build, then Vitest (extra
// arguments go to Vitest) — and afterwards a check that no process the run
// started outlived it. Every process started under this run carries its id in
// TWIN_CARDS_TEST_RUN; one still there after Vitest exits is an orphan, which
// fails the run (and is stopped, so it does not linger).
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { processesCarrying } from "./test-orphans";

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

execFileSync("bash", ["scripts/system-packages.sh", "chromium", "postgresql", "pgbouncer"], { stdio: "inherit" });
if (run("npm", ["run", "-s", "build"]) !== 0) process.exit(1);

const marker = `TWIN_CARDS_TEST_RUN=${randomUUID()}`;
const [name, value] = marker.split("=") as [string, string];
const status = run("node_modules/.bin/vitest", ["run", ...process.argv.slice(2)], { ...process.env, [name]: value });

const orphans = await processesCarrying(marker);
if (orphans.length > 0) {
  console.error(`\n${orphans.length} process(es) started by the tests outlived them (now stopped):`);
  for (const orphan of orphans) console.error(`  pid ${orphan.pid}: ${orphan.command}`);
  process.exit(1);
}
process.exit(status);
