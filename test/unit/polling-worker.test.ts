import { describe, expect, it } from "vitest";
import { failedPollDelay, MAX_FAILED_POLL_DELAY_MS, PollingWorker } from "~/lib/polling-worker";

describe("failedPollDelay", () => {
  it("doubles the wait after each failed poll in a row, from the poll interval up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6].map((failures) => failedPollDelay(1000, failures))).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(MAX_FAILED_POLL_DELAY_MS).toBe(30_000);
  });

  it("never waits less than 100 ms doubled, even with a poll interval of zero", () => {
    expect(failedPollDelay(0, 1)).toBe(200);
    expect(failedPollDelay(50, 3)).toBe(800);
  });
});

/** A worker whose polls fail while `failing` is true, counting them. */
class FlakyWorker extends PollingWorker {
  polls = 0;
  failing = true;
  errors: string[] = [];
  constructor() {
    super("flaky", 0, { info: () => undefined, warn: () => undefined, error: (message: string) => void this.errors.push(message) });
  }
  protected async dueIds(): Promise<string[]> {
    this.polls++;
    if (this.failing) throw new Error("database away");
    return [];
  }
  protected async processOne(): Promise<string | undefined> {
    return undefined;
  }
}

describe("PollingWorker while its polls fail", () => {
  it("backs off instead of looping, logs each failure with its wait, and stops cleanly", async () => {
    const worker = new FlakyWorker().start();
    // Three failures take 200 + 400 ms of waiting; a tight loop would poll thousands of times meanwhile.
    await expect.poll(() => worker.polls, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(3);
    await worker.stop();

    expect(worker.polls).toBeLessThanOrEqual(4);
    expect(worker.errors[0]).toBe("flaky: polling failed (1 in a row), next try in 200 ms:");
    expect(worker.errors[1]).toBe("flaky: polling failed (2 in a row), next try in 400 ms:");
  });
});
