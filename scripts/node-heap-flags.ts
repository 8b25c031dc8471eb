// The V8 heap flags `npm start` and `npm run worker` run node with, read from package.json's
// scripts so that the demo, the tests and the bench start the built server exactly as
// production does. Why these flags: decision 0075.
import { readFileSync } from "node:fs";
import path from "node:path";

const scripts = (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** The options between `node` and the script in `npm start` (the same as in `npm run worker`). */
export const NODE_HEAP_FLAGS: string[] = scripts.start!.split(/\s+/).filter((word) => word.startsWith("--"));
