import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_START_ENV, NODE_START_FLAGS } from "../../scripts/node-start-command";

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("how npm start runs node (decisions 0075, 0076)", () => {
  it("is read whole from package.json, so the tests, the demo and the bench start the server as production does", () => {
    const words = [...Object.entries(NODE_START_ENV).map(([name, value]) => `${name}=${value}`), "node", ...NODE_START_FLAGS];
    expect(scripts.start).toBe([...words, "build/node/server.js"].join(" "));
    expect(scripts.worker).toBe([...words, "build/node/scripts/worker.js"].join(" "));
    expect(NODE_START_ENV).toEqual({ MALLOC_ARENA_MAX: "2" });
  });

  it("is accepted by this machine's node, which then sees the environment npm start sets", () => {
    const result = spawnSync(process.execPath, [...NODE_START_FLAGS, "-e", "console.log(process.env.MALLOC_ARENA_MAX)"], {
      env: { ...process.env, ...NODE_START_ENV },
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.stdout.trim()).toBe("2");
  });
});
