import { afterEach, describe, expect, it, vi } from "vitest";
import { Pacer } from "~/lib/pacer";

afterEach(() => {
  vi.useRealTimers();
});

describe("Pacer", () => {
  it("lets callers waiting at once go one every 1000 / perSecond ms, in the order they asked", async () => {
    vi.useFakeTimers({ now: 0 });
    const pacer = new Pacer(4);
    const went: [number, number][] = [];
    const turns = [0, 1, 2, 3, 4].map((caller) => pacer.turn().then(() => void went.push([caller, Date.now()])));
    await vi.runAllTimersAsync();
    await Promise.all(turns);
    expect(went).toEqual([
      [0, 0],
      [1, 250],
      [2, 500],
      [3, 750],
      [4, 1000],
    ]);
  });

  it("does not hold back a caller who comes after a quiet spell", async () => {
    vi.useFakeTimers({ now: 0 });
    const pacer = new Pacer(2);
    await pacer.turn();
    vi.setSystemTime(5_000);
    let gone = false;
    const turn = pacer.turn().then(() => (gone = true));
    await Promise.resolve();
    await turn;
    expect(gone).toBe(true);
    expect(Date.now()).toBe(5_000);
  });
});
