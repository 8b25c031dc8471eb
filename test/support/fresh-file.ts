// Vitest setupFile, the first: each test file starts as it would in a process of its own, though the
// files of a project take turns in a few shared processes (`isolate: false` in vitest.config.ts, to load
// the dependencies once per process instead of once per file). The project's own modules are evaluated
// afresh (every setting read on first use is read again), and what a file changed of the environment,
// the timers or the mocks is put back after it. The database connection is the one thing kept: it is
// the process's (app/db/client.server.ts), so files needing another database run in a project of their own.
import { afterAll, vi } from "vitest";

vi.resetModules();

const environment = { ...process.env };
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
