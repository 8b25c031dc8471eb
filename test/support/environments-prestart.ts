import type { Reporter, TestSpecification } from "vitest/node";
import { startPgbouncerEnvironment } from "./global-setup-pgbouncer";
import { startPostgresqlEnvironment } from "./global-setup-postgres";
import { startSqliteEnvironment } from "./global-setup";
import { startEnvironment, stopUnclaimedEnvironments } from "./test-environments";

const STARTERS = { sqlite: startSqliteEnvironment, postgresql: startPostgresqlEnvironment, pgbouncer: startPgbouncerEnvironment };

/**
 * A Vitest reporter that only starts things: once the run knows its files, the environments of all their
 * projects at once ("sqlite-own-process" is the "sqlite" environment's), before Vitest awaits the global
 * setups one by one (test/support/test-environments.ts); at the end, those no setup took, when one before
 * them failed. A run with other reporters on the command line leaves it out and starts them one by one.
 */
export default class EnvironmentsPrestart implements Reporter {
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    const names = new Set(specifications.map((specification) => specification.project.name.replace(/-own-process$/, "")));
    for (const name of names) if (name in STARTERS) startEnvironment(name, STARTERS[name as keyof typeof STARTERS]);
  }

  async onTestRunEnd() {
    await stopUnclaimedEnvironments();
  }
}
