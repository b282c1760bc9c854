import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BotRng, createBotRng } from '../../../../../src/shared/engine/sim/seed';

/** Mulberry32 as the bots' generator was first written (closures over an int32 state): the reference the class must draw exactly as. */
const mulberry32 = (seed: number): { next: () => number; int: (n: number) => number } => {
  const a = new Int32Array(1);
  a[0] = seed;
  const next = (): number => {
    a[0] = a[0]! + 0x6d2b79f5;
    let t = a[0]!;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
};

describe("the bots' generator (sim/seed.ts)", () => {
  it('draws exactly as mulberry32, and a reseeded generator exactly as a fresh one of that seed (the runner reseeds one per battle)', () => {
    const kept = new BotRng(7);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 60 }), (seed, sizes) => {
        const ref = mulberry32(seed);
        const fresh = createBotRng(seed);
        // A generator that has drawn before (another battle's draws), then seeded again.
        for (let i = 0; i < sizes.length % 5; i++) kept.next();
        kept.reseed(seed);
        for (const n of sizes) {
          const want = ref.int(n);
          expect(fresh.int(n)).toBe(want);
          expect(kept.int(n)).toBe(want);
        }
        expect(kept.next()).toBe(ref.next());
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});
