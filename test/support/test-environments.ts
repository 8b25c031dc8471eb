import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";

/** What a database's global setup started: the values its tests `inject`, and how to stop all of it. */
export interface TestEnvironment {
  provided: Partial<ProvidedContext>;
  stop(): Promise<void>;
}

interface Shared {
  started: Promise<TestEnvironment>;
  users: number;
}

declare global {
  // Vitest loads each project's global setup apart, in the one main process: globalThis is what they share.
  var __twinCardsTestEnvironments: Map<string, Shared> | undefined;
}

/**
 * A Vitest global setup that starts the environment `name` (databases, stubs, built servers) once
 * however many projects use it — each database has a project of files sharing processes and one of
 * files needing a process of their own (vitest.config.ts) — provides its values to `project`, and
 * stops it once the last of those projects has finished.
 */
export async function shareEnvironment(project: TestProject, name: string, start: () => Promise<TestEnvironment>) {
  const shared = startEnvironment(name, start);
  shared.users += 1;
  const { provided, stop } = await shared.started;
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof ProvidedContext, value as never);
  const user = shared;
  return async () => {
    user.users -= 1;
    if (user.users > 0) return;
    globalThis.__twinCardsTestEnvironments?.delete(name);
    await stop();
  };
}

/**
 * Starts the environment `name` unless it is already starting. Vitest runs the projects' global setups one
 * after another; test/support/environments-prestart.ts calls this for every environment of the run first,
 * so the databases and servers of all of them start at once.
 */
export function startEnvironment(name: string, start: () => Promise<TestEnvironment>): Shared {
  const environments = (globalThis.__twinCardsTestEnvironments ??= new Map());
  let shared = environments.get(name);
  if (!shared) {
    shared = { started: start(), users: 0 };
    // A failure is the global setup's to report, once it awaits this: not an unhandled rejection before then.
    shared.started.catch(() => undefined);
    environments.set(name, shared);
  }
  return shared;
}

/** Stops the environments started for the run that no global setup took (one before them failed): none outlives it. */
export async function stopUnclaimedEnvironments() {
  const environments = globalThis.__twinCardsTestEnvironments ?? new Map<string, Shared>();
  const unclaimed = [...environments].filter(([, shared]) => shared.users === 0);
  await Promise.all(
    unclaimed.map(async ([name, shared]) => {
      environments.delete(name);
      const started = await shared.started.catch(() => undefined);
      await started?.stop();
    }),
  );
}
