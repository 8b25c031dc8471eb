import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take 30 s or more on a busy 2-core machine though they are short. On a fresh clone Vitest has
 * no durations cached and runs a project's largest files first, so these came last: the
 * 60-line idempotency-crash.sqlite test (twenty server kills, 85–109 s) started 84 s before the end of a
 * run, one worker on it while the other had run out of files. Listed here, they start first in their project.
 */
const SLOW = [
  "test/integration/idempotency-crash.sqlite.test.ts",
  "test/integration/idempotency-crash.pgbouncer.test.ts",
  "test/integration/fuzz.test.ts",
  "test/integration/multi-process-writes.sqlite.test.ts",
  "test/integration/api-key-cli.test.ts",
  "test/integration/replicas.test.ts",
  "test/integration/database-restart.postgresql.test.ts",
  "test/integration/dispatcher.test.ts",
  "test/e2e/billing.e2e.test.ts",
  "test/e2e/demo-order.e2e.test.ts",
  "test/e2e/admin-messages.e2e.test.ts",
];

const rank = (specification: TestSpecification) => {
  const index = SLOW.findIndex((file) => specification.moduleId.endsWith(file));
  return index === -1 ? SLOW.length : index;
};

/** Vitest's order (projects one after another, then durations or sizes), with the SLOW files first in their project. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(specifications: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(specifications);
    const position = new Map(sorted.map((specification, index) => [specification, index]));
    const projectStart = new Map<string, number>();
    for (const [index, specification] of sorted.entries()) {
      if (!projectStart.has(specification.project.name)) projectStart.set(specification.project.name, index);
    }
    return [...sorted].sort(
      (a, b) =>
        projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || rank(a) - rank(b) || position.get(a)! - position.get(b)!,
    );
  }
}
