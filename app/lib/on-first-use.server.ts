import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when first called for, not when the process starts.
 * For packages only some processes ever use: a replica serving `/v1` never
 * renders a claim e-mail, and liquidjs alone is about 4 MB of its memory
 * (docs/performance.md). Synchronous, so the callers stay as they are.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
