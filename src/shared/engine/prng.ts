/**
 * The battle PRNG (R1.6): sfc32 on four 32-bit integers, seeded by splitmix32. Pure integer
 * arithmetic, identical on every platform. The state lives in `BattleState.rng`.
 */

/** Seeds a fresh sfc32 state from any integer seed; the same seed always gives the same state. */
export function createRng(seed: number): number[] {
  const rng = [0, 0, 0, 0];
  seedRng(rng, seed);
  return rng;
}

/** splitmix32's `k`-th output (k ≥ 1) from `seed`. */
function splitmix(seed: number, k: number): number {
  let z = (seed + Math.imul(k, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * {@link createRng}`(seed)` written into `rng` (a state of four numbers), for a restarted battle:
 * no array or closure made, and sfc32's 12 warm-up draws ({@link nextUint32}'s steps) made on
 * locals, the state written once.
 */
export function seedRng(rng: number[], seed: number): void {
  const s = seed >>> 0;
  let a = splitmix(s, 1);
  let b = splitmix(s, 2);
  let c = splitmix(s, 3);
  let d = splitmix(s, 4);
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = (((c << 21) | (c >>> 11)) + t) >>> 0;
  }
  rng[0] = a;
  rng[1] = b;
  rng[2] = c;
  rng[3] = d;
}

/** Advances `rng` (mutated in place — callers own a private copy) and returns a uint32. */
export function nextUint32(rng: number[]): number {
  const a = rng[0]! >>> 0;
  const b = rng[1]! >>> 0;
  const c = rng[2]! >>> 0;
  const d = rng[3]! >>> 0;
  const t = (((a + b) >>> 0) + d) >>> 0;
  rng[3] = (d + 1) >>> 0;
  rng[0] = (b ^ (b >>> 9)) >>> 0;
  rng[1] = (c + (c << 3)) >>> 0;
  rng[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t;
}

/** Rolls a uniform integer in 1..sides from `rng` (mutated in place). */
export function rollWith(rng: number[], sides: number): number {
  if (sides <= 1) {
    nextUint32(rng);
    return 1;
  }
  return Math.floor((nextUint32(rng) * sides) / 4294967296) + 1;
}
