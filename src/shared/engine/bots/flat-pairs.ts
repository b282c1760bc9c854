/**
 * Greedy's single pairs (one attacker on one target, R3.2, R4, R5) read from one flat table: their
 * values ({@link PairValues}) by exact signature, a target's worth under one attacker, and a
 * pair added to a target's running sums — each one line of memory instead of a view, its Health
 * array and a values object.
 */
import type { Compiled } from '../compiled';
import { isReady } from '../state';
import type { BattleState } from '../types';
import type { OddsCache } from './estimate';
import { HEALTH_OFFSET, KEEP_ACTION, keyOf, pairValues, scored, viewOf } from './greedy-pairs';

/** Entries of {@link flatPairs} (a power of two) and doubles per entry (a 64-byte line). */
const PAIR_ENTRIES = 1 << 12;
const PAIR_STRIDE = 8;
/** Target part of a single pair's signature (target key × 16 + target) times this, plus the attacker and Health part, is below 2^48: exact. */
const PAIR_SPAN = 2 ** 28;

/**
 * Single pairs' {@link PairValues} by exact signature — attacker, its state key, target, its state
 * key ({@link keyOf}), the target Health they are valued at — in a direct-mapped table of
 * [signature, defended, absorbed, hitsDefended, hitsAbsorbed] entries: a hit reads one line instead
 * of a view, its Health array and a values object. Shared by the thread's greedy bots (values are
 * pure functions of the setup and the signature; a new setup starts it over); a collision only
 * replaces the older entry. The entry after the last is scratch, for pairs that cannot be keyed.
 */
export const flatPairs = { c: null as Compiled | null, v: new Float64Array((PAIR_ENTRIES + 1) * PAIR_STRIDE) };

/** Forgets every entry of {@link flatPairs} (what a new setup does; tests compare against a cold table). */
export const forgetFlatPairs = (): void => {
  flatPairs.c = null;
  flatPairs.v.fill(0);
};

/** The attacker {@link singleValues} looks a view up with (its own: callers may hold {@link one}). */
const lone = [0];

/**
 * {@link pairValues} of the single pair `a` → `t` at target Health `targetHealth`, as the offset of
 * its entry in {@link flatPairs}`.v` (read `v[at + 1 .. at + 4]` before the next call: a later
 * pair may take the entry).
 */
export const singleValues = (s: BattleState, c: Compiled, odds: OddsCache, a: number, t: number, targetHealth: number): number => {
  const v = flatPairs.v;
  if (flatPairs.c !== c) {
    flatPairs.c = c;
    v.fill(0);
  }
  const ka = keyOf(s, c, odds, a);
  const kt = keyOf(s, c, odds, t);
  const health = targetHealth + HEALTH_OFFSET;
  let at = PAIR_ENTRIES * PAIR_STRIDE;
  let signature = 0;
  if (ka >= 0 && ka < 1 << 16 && kt >= 0 && kt < 1 << 16 && a < 16 && t < 16 && health >= 0 && health < 256 && Number.isInteger(targetHealth)) {
    const hi = kt * 16 + t;
    const lo = (ka * 16 + a) * 256 + health;
    signature = hi * PAIR_SPAN + lo + 1;
    const h = Math.imul(hi ^ Math.imul(lo, 0x9e3779b1), 0x85ebca6b);
    at = ((h ^ (h >>> 15)) & (PAIR_ENTRIES - 1)) * PAIR_STRIDE;
    if (v[at] === signature) return at;
  }
  lone[0] = a;
  const d = pairValues(s, c, odds, viewOf(s, c, odds, lone, t, false), targetHealth);
  v[at] = signature;
  v[at + 1] = d.defended;
  v[at + 2] = d.absorbed;
  v[at + 3] = d.hitsDefended;
  v[at + 4] = d.hitsAbsorbed;
  return at;
};

/**
 * Worth to the attackers of target `t` under the single pair `a` → `t` alone (R3.2), left in
 * {@link scored}: {@link addSingleTo} from zero sums, then {@link targetWorth} — one {@link flatPairs} entry.
 */
export const singleWorth = (s: BattleState, c: Compiled, odds: OddsCache, a: number, t: number): void => {
  const at = singleValues(s, c, odds, a, t, s.health[t]);
  // Summed from zero as addSingleTo does (0 + x, not x: a −0 stays +0).
  const defended = 0 + flatPairs.v[at + 1]!;
  const absorbed = 0 + flatPairs.v[at + 2]!;
  scored[0] = isReady(s, c, t) ? Math.min(defended, absorbed - KEEP_ACTION) : absorbed;
};

/** {@link addPairTo} of the single pair `a` → `target`, read from {@link flatPairs}: the same sums in the same order. */
export const addSingleTo = (s: BattleState, c: Compiled, odds: OddsCache, sums: Float64Array, o: number, a: number, target: number): void => {
  const hp = s.health[target];
  const v = flatPairs.v;
  const d = singleValues(s, c, odds, a, target, hp - Math.floor(sums[o + 2]));
  const defended = v[d + 1]!;
  const hitsDefended = v[d + 3]!;
  let absorbed = v[d + 2]!;
  let hitsAbsorbed = v[d + 4]!;
  if (sums[o + 3] !== sums[o + 2]) {
    const ab = singleValues(s, c, odds, a, target, hp - Math.floor(sums[o + 3]));
    absorbed = v[ab + 2]!;
    hitsAbsorbed = v[ab + 4]!;
  }
  sums[o] += defended;
  sums[o + 1] += absorbed;
  sums[o + 2] += hitsDefended;
  sums[o + 3] += hitsAbsorbed;
};
