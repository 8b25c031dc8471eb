import { seededRandom } from "../seeded-random";

/**
 * Choices drawn from a repeatable stream (mulberry32, test/support/seeded-random.ts):
 * the same seed gives the same requests, so a failing fuzz run can be replayed
 * with FUZZ_SEED=<seed>.
 */
export class Random {
  readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = seededRandom(seed);
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i++) out[i] = this.int(256);
    return out;
  }
}

/** The seed from FUZZ_SEED (decimal or 0x hex), else a fresh one. */
export function fuzzSeed(env: string | undefined = process.env.FUZZ_SEED): number {
  if (env?.trim()) {
    const seed = Number(env.trim());
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`FUZZ_SEED must be an integer 0..4294967295, got ${env}`);
    return seed;
  }
  return Math.floor(Math.random() * 0x100000000);
}
