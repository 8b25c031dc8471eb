import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { processesCarrying } from "../../scripts/test-orphans";

// npm test's last check: a process the run started that is still there afterwards.
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already stopped by the check.
    }
  }
});

/** A detached process that would run forever, carrying `marker` in its environment. */
function lingering(marker: string) {
  const [name, value] = marker.split("=") as [string, string];
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    env: { ...process.env, [name]: value },
    detached: true,
    stdio: "ignore",
  });
  started.push(child.pid!);
  return child;
}

describe("the orphan check after the suite", () => {
  it("finds a process left with the run's marker, names it and stops it", async () => {
    const marker = `TWIN_CARDS_TEST_RUN=${randomUUID()}`;
    const child = lingering(marker);
    const exited = once(child, "exit");

    const left = await processesCarrying(marker);

    expect(left).toEqual([{ pid: child.pid, command: expect.stringContaining("setInterval") }]);
    const [, signal] = await exited;
    expect(signal).toBe("SIGKILL");
  });

  it("ignores processes of another run and reports nothing when none is left", async () => {
    lingering(`TWIN_CARDS_TEST_RUN=${randomUUID()}`);
    expect(await processesCarrying(`TWIN_CARDS_TEST_RUN=${randomUUID()}`)).toEqual([]);
  });
});
