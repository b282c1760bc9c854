/** Murmur3's 32-bit finaliser: a bijection on uint32 with full avalanche. */
export const mix32 = (x: number): number => {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * The seed of run `index` of a simulation with `seed` (uint32). Depends only on (seed, index), so a
 * simulation gives the same battles whatever the number of workers and however runs are split.
 */
export const runSeed = (seed: number, index: number): number =>
  mix32((mix32(seed >>> 0) ^ Math.imul((index >>> 0) + 1, 0x9e3779b9)) >>> 0);

/** The seed of the bots' own PRNG for run `index`, independent of the battle's dice stream. */
export const botSeed = (seed: number, index: number): number => mix32(runSeed(seed, index) ^ 0x5bd1e995);

/** Seed of the bots' own choices in a single played battle (`play`): derived from the battle seed, so one seed fixes the whole battle. */
export const playBotSeed = (seed: number): number => mix32((seed ^ 0x9e3779b9) >>> 0);

/** A small seeded PRNG (mulberry32) for bots: uint32 → floats in [0, 1). */
export interface Rng {
  /** Next float in [0, 1). */
  next(): number;
  /** Next integer in 0..n−1 (n ≥ 1). */
  int(n: number): number;
}

/**
 * Mulberry32 (R1.6 spirit for bots: deterministic on every platform) as a class, so that its
 * methods are shared rather than closures made per battle, and so that one object can be seeded
 * again ({@link BotRng.reseed}): the simulation runner keeps one per thread and reseeds it for each
 * battle — the draws after a reseed are exactly those of a fresh `createBotRng` of that seed.
 */
export class BotRng implements Rng {
  // The state as an int32 in a typed array: a number field above 2^30 would be a heap number,
  // one allocation per draw. Only its 32 bits matter (every use below is bitwise), as in mulberry32.
  private readonly a = new Int32Array(1);

  constructor(seed: number) {
    this.a[0] = seed;
  }

  /** Starts the sequence of `seed` again (as a fresh generator of that seed would). */
  reseed(seed: number): this {
    this.a[0] = seed;
    return this;
  }

  next(): number {
    const a = this.a;
    // `| 0`: the int32 the store keeps anyway, without a float sum on overflow.
    let t = (a[0]! + 0x6d2b79f5) | 0;
    a[0] = t;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/** Mulberry32 seeded by `seed`; deterministic on every platform (R1.6 spirit for bots). */
export const createBotRng = (seed: number): Rng => new BotRng(seed);
