import type { TestSpecification, Vitest } from "vitest/node";
import { describe, expect, it } from "vitest";
import SlowFirstSequencer from "../support/slow-first-sequencer";

const root = "/repo";
const sizes = new Map<string, number>();
const specification = (project: string, file: string, size: number) => {
  sizes.set(`${project}:${file}`, size);
  return { moduleId: `${root}/${file}`, project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } } };
};
// A fresh clone: no durations cached, only the files' sizes.
const fresh = {
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key) }) },
} as unknown as Vitest;

describe("the slow-first sequencer", () => {
  it("starts a short but slow file first in its project, keeping the projects one after another", async () => {
    const files = [
      specification("sqlite", "test/integration/cards.test.ts", 40_000),
      specification("sqlite", "test/integration/idempotency-crash.sqlite.test.ts", 2_300),
      specification("sqlite", "test/unit/pacer.test.ts", 1_000),
      specification("pgbouncer", "test/integration/healthz.test.ts", 5_000),
      specification("pgbouncer", "test/integration/idempotency-crash.pgbouncer.test.ts", 2_900),
    ] as unknown as TestSpecification[];

    const order = (await new SlowFirstSequencer(fresh).sort(files)).map(
      (file) => `${file.project.name} ${file.moduleId.slice(root.length + 1)}`,
    );

    expect(order).toEqual([
      "pgbouncer test/integration/idempotency-crash.pgbouncer.test.ts",
      "pgbouncer test/integration/healthz.test.ts",
      "sqlite test/integration/idempotency-crash.sqlite.test.ts",
      "sqlite test/integration/cards.test.ts",
      "sqlite test/unit/pacer.test.ts",
    ]);
  });
});
