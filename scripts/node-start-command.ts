// How `npm start` and `npm run worker` run node — the environment set before `node` and the
// options between `node` and the script — read from package.json's scripts so that the demo,
// the tests and the bench start the built server exactly as production does. Why these
// settings: decisions 0075 (the V8 heap) and 0076 (malloc arenas, V8's worker threads).
import { readFileSync } from "node:fs";
import path from "node:path";

const scripts = (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** `NAME=value … node --option … <script>`, split into its environment and its options. */
function parse(name: string): { env: Record<string, string>; flags: string[] } {
  const words = scripts[name]!.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node < 0) throw new Error(`package.json's "${name}" script does not run node`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split("=", 2) as [string, string]));
  return { env, flags: words.slice(node + 1).filter((word) => word.startsWith("--")) };
}

const start = parse("start");
const worker = parse("worker");
if (JSON.stringify(start) !== JSON.stringify(worker))
  throw new Error(`package.json's "start" and "worker" scripts must run node the same way: ${scripts.start} / ${scripts.worker}`);

/** The options between `node` and the script in `npm start` (the same as in `npm run worker`). */
export const NODE_START_FLAGS: string[] = start.flags;

/** The environment `npm start` sets before `node` (the same as `npm run worker`'s). */
export const NODE_START_ENV: Record<string, string> = start.env;
